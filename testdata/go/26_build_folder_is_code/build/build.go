package build

// Run builds.
func Run() error { return nil }
