// app's own package text, same name and function as lib's
package text

func Title(s string) string { return s }
