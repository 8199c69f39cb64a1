package codec

func Encode(v string) []byte { return []byte(v) }
