package util

// Clean trims a name.
func Clean(name string) string { return name }
