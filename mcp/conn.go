package mcp

import (
	"context"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// session is one connection to the server, with what its transport saw.
type session struct {
	cs     *sdk.ClientSession
	cancel context.CancelFunc // ends the context the session was made with
	// readDead: the server's output ended (the process exited). A request
	// sent after that can never be answered.
	readDead atomic.Bool
	// sent counts requests written to the server. A call that fails with no
	// request written during it provably never reached the server.
	sent atomic.Int64
}

// watchedTransport records in s what the connection it makes saw, so the
// client can tell a request that never left from one the server may have
// started on.
type watchedTransport struct {
	sdk.Transport
	s *session
}

func (t *watchedTransport) Connect(ctx context.Context) (sdk.Connection, error) {
	conn, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &watchedConn{Connection: conn, s: t.s}, nil
}

type watchedConn struct {
	sdk.Connection
	s *session
}

func (c *watchedConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if err != nil && ctx.Err() == nil {
		c.s.readDead.Store(true)
	}
	return msg, err
}

func (c *watchedConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	err := c.Connection.Write(ctx, msg)
	if req, ok := msg.(*jsonrpc.Request); ok && err == nil && req.IsCall() {
		c.s.sent.Add(1)
	}
	return err
}
