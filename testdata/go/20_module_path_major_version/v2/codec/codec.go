// A directory named v2 inside the v2 module: its import path is
// example.com/kit/v2/v2/codec. Nothing imports it.
package codec

func Encode(v string) []byte { return nil }
