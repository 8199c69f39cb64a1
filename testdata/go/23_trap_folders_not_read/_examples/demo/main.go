package main

import (
	"fmt"

	"example.com/blog/text"
)

func main() { fmt.Println(text.Permalink("Hello World")) }
