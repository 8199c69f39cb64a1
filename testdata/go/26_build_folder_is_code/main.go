package main

import "example.com/ci/build"

func main() {
	_ = build.Run()
}
