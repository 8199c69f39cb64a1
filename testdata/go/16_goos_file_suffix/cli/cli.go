package cli

import "example.com/tool/sys"

func Where() string {
	return sys.ConfigPath()
}

func Home() string {
	return sys.HomeDir()
}
