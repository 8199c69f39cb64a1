// Another package named rendering, in a directory of that name. Nobody
// imports it from api.
package rendering

func JSON(v any) []byte { return nil }

func Text(s string) []byte { return nil }
