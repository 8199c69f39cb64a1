package main

import (
	"fmt"

	"github.com/acme/tool/util"
)

func main() {
	fmt.Println(util.Clean("x"))
}
