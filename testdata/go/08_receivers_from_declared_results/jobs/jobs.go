package jobs

import "example.com/notify/mail"

func OneResult() error {
	c := mail.NewClient("smtp.local")
	return c.Send(mail.Message{To: "a@b.c"})
}

func TwoResults() error {
	c, err := mail.Dial("smtp.local")
	if err != nil {
		return err
	}
	defer c.Close()
	return c.Send(mail.Message{To: "a@b.c"})
}

// the declared result at the variable's position
func SecondResult() error {
	_, m := mail.Draft("a@b.c")
	return m.Validate()
}

// a named result is a declared variable
func Named() (c *mail.Client, err error) {
	c, err = mail.Dial("smtp.local")
	if err == nil {
		err = c.Close()
	}
	return
}

// assigned later with =, declared by var
func Assigned() error {
	var c *mail.Client
	c = mail.NewClient("smtp.local")
	return c.Close()
}
