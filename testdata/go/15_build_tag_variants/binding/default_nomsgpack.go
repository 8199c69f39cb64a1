//go:build nomsgpack

package binding

func Default(method, contentType string) Binding {
	if contentType == "application/x-msgpack" {
		warnDisabled()
	}
	return jsonBinding{}
}

func warnDisabled() {}
