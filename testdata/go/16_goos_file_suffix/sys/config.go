package sys

func ConfigPath() string {
	return HomeDir() + "/.toolrc"
}
