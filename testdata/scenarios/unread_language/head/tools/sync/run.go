package sync

func Run() error {
	return nil
}
