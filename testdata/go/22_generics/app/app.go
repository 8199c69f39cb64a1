package app

import (
	"strconv"

	"example.com/gen/coll"
)

func Labels(ids []int) []string {
	return coll.Map(ids, strconv.Itoa)
}

func Explicit(ids []int) []string {
	return coll.Map[int, string](ids, strconv.Itoa)
}

func Total(xs []float64) float64 {
	return coll.Sum(xs)
}

func Stacks() []string {
	s := coll.NewStack[string]()
	s.Push("a")
	var t coll.Stack[int]
	t.Push(1)
	u := &coll.Stack[bool]{}
	u.Push(true)
	return s.Drain()
}
