package main

import "example.com/shop/server"

func main() {
	s := server.New()
	s.Serve("/")
	server.Run(s)
	var x unknownT
	x.Frob()
}
