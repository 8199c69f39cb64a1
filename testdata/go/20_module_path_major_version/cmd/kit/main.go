package main

import (
	"os"

	"example.com/kit/v2"
	"example.com/kit/v2/codec"
)

func main() {
	os.Stdout.Write(codec.Encode(kit.Version()))
}
