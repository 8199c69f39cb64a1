package store

type MemStore struct {
	items map[string]Item
}

func NewMem() *MemStore {
	return &MemStore{items: map[string]Item{}}
}

func (m *MemStore) Get(id string) (Item, error) {
	it, ok := m.items[id]
	if !ok {
		return Item{}, ErrNotFound
	}
	return it, nil
}

func (m *MemStore) Put(it Item) error {
	m.items[it.ID] = it
	return nil
}
