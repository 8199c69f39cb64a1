package db

var drivers = map[string]func(string) error{}

func Register(name string, open func(string) error) {
	drivers[name] = open
}
