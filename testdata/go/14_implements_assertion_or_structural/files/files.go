package files

import "example.com/streams/stream"

// File asserts that it implements ReadCloser.
var _ stream.ReadCloser = (*File)(nil)

type File struct{ name string }

func (f *File) Read(p []byte) (int, error) { return 0, nil }
func (f *File) Close() error               { return nil }

// Pipe has Read only: a Reader, not a ReadCloser.
type Pipe struct{}

func (p Pipe) Read(buf []byte) (int, error) { return 0, nil }

// Socket matches ReadCloser by method names, with no assertion.
type Socket struct{ fd int }

func (s *Socket) Read(p []byte) (int, error) { return 0, nil }
func (s *Socket) Close() error               { return nil }
func (s *Socket) Shutdown() error            { return nil }

// Tape has both names, but its Read takes two parameters.
type Tape struct{}

func (t *Tape) Read(p []byte, offset int) (int, error) { return 0, nil }
func (t *Tape) Close() error                           { return nil }

// Buffered gets Read and Close by embedding *File.
type Buffered struct {
	*File
	size int
}

var _ stream.Closer = Buffered{}
