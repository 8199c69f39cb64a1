package stream

type Reader interface {
	Read(p []byte) (int, error)
}

type Closer interface {
	Close() error
}

// ReadCloser embeds Reader and Closer: its method set is Read and Close.
type ReadCloser interface {
	Reader
	Closer
}
