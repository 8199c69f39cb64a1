package main

import (
	"fmt"
	"os"

	"example.com/app/greet"
	apptext "example.com/app/text"
)

func main() {
	fmt.Println(greet.Hello(apptext.Title(os.Args[1])))
}
