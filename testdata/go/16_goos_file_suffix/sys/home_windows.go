package sys

import "os"

func HomeDir() string { return os.Getenv("USERPROFILE") }

func driveLetter() string { return "C:" }
