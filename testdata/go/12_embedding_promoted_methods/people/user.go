package people

import "fmt"

type User struct{ name string }

func (u *User) Name() string   { return u.name }
func (u *User) Log(msg string) { fmt.Println(u.name, msg) }

type Logger struct{ prefix string }

func (l Logger) Log(msg string) { fmt.Println(l.prefix, msg) }
func (l Logger) Flush()         {}

// Audit embeds Logger: Logger's methods are promoted into Audit.
type Audit struct {
	Logger
}

// Guest declares its own Name: depth 0 beats the promoted User.Name.
type Guest struct {
	User
}

func (g Guest) Name() string { return "guest " + g.User.Name() }
