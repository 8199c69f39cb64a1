package sys

import "os"

func HomeDir() string { return os.Getenv("HOME") + "/Library" }
