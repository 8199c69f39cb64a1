package ui

import "example.com/thermo/temp"

// Display embeds the interface: Format is promoted from it.
type Display struct {
	temp.Formatter
	width int
}

func (d Display) Show() string {
	return d.Format()
}

func Print(f temp.Formatter) string {
	return f.Format()
}
