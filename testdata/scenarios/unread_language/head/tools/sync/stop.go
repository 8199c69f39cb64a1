package sync

func Stop() {}
