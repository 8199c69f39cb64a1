package mail

import "errors"

type Client struct{ host string }

type Message struct{ To, Body string }

func NewClient(host string) *Client { return &Client{host: host} }

func Dial(host string) (*Client, error) {
	if host == "" {
		return nil, errors.New("no host")
	}
	return &Client{host: host}, nil
}

// a declared result that is not the first
func Draft(to string) (string, Message) {
	return "draft-1", Message{To: to}
}

func (c *Client) Send(m Message) error { return nil }
func (c *Client) Close() error         { return nil }
func (m Message) Validate() error      { return nil }

// Pool also has Send and Close.
type Pool struct{}

func (p *Pool) Send(m Message) error { return nil }
func (p *Pool) Close() error         { return nil }
