package main

import (
	"errors"
	"fmt"
)

func run(args []string) error {
	if len(args) == 0 {
		return errors.New("usage: greeter NAME")
	}
	fmt.Println(greeting(args[0]))
	return nil
}

func greeting(name string) string {
	return "hello, " + name
}
