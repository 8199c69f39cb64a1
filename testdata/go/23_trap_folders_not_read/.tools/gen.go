package tools

func Make(s string) string { return s }
