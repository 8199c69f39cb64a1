package store

type Item struct{ ID string }

type Store interface {
	Get(id string) (Item, error)
	Put(it Item) error
}

// Three implementations; the repository constructs two of them.
type MemStore struct{ items map[string]Item }

func NewMem() *MemStore { return &MemStore{items: map[string]Item{}} }

func (m *MemStore) Get(id string) (Item, error) { return m.items[id], nil }
func (m *MemStore) Put(it Item) error          { m.items[it.ID] = it; return nil }

type SQLStore struct{ dsn string }

func (s *SQLStore) Get(id string) (Item, error) { return Item{ID: id}, nil }
func (s *SQLStore) Put(it Item) error          { return nil }

// FileStore implements Store but nothing ever makes one.
type FileStore struct{ dir string }

func (f *FileStore) Get(id string) (Item, error) { return Item{}, nil }
func (f *FileStore) Put(it Item) error          { return nil }
