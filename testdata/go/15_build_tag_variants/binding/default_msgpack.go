//go:build !nomsgpack

package binding

type msgpackBinding struct{}

func (msgpackBinding) Name() string { return "msgpack" }

func Default(method, contentType string) Binding {
	if contentType == "application/x-msgpack" {
		return msgpackBinding{}
	}
	return jsonBinding{}
}
