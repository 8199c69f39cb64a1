package binding

type Binding interface {
	Name() string
}

type jsonBinding struct{}

func (jsonBinding) Name() string { return "json" }

// For picks the binding of a content type.
func For(contentType string) Binding {
	if contentType == "application/json" {
		return jsonBinding{}
	}
	return Default("POST", contentType)
}
