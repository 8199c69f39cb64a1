// Input data for a test, not a package of the build.
package text

func normalize(s string) string { return "testdata" }
