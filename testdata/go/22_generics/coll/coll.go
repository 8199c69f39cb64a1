package coll

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

type Number interface {
	~int | ~int64 | ~float64
}

func Sum[N Number](xs []N) N {
	var s N
	for _, x := range xs {
		s += x
	}
	return s
}

// Stack is a generic type; its methods are Stack.Push and Stack.Pop.
type Stack[T any] struct{ items []T }

func NewStack[T any]() *Stack[T] { return &Stack[T]{} }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

// Drain uses its own receiver's methods.
func (s *Stack[T]) Drain() []T {
	var out []T
	for {
		v, ok := s.Pop()
		if !ok {
			return out
		}
		out = append(out, v)
	}
}
