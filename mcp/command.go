package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sync"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxLine bounds one message from a command server, as the SDK's
// DefaultMaxLineLength does.
const maxLine = sdk.DefaultMaxLineLength

// commandTransport runs a command and speaks newline-delimited JSON-RPC on
// its stdin and stdout, as sdk.CommandTransport does, but decodes each line
// once, in the caller's goroutine: the SDK's transport hands every line
// through a goroutine and decodes it twice (as a batch, then as a message),
// each time with a fresh 32 KiB buffer, which costs a sequential client a
// third of its time on large results.
type commandTransport struct {
	cmd       *exec.Cmd
	terminate time.Duration // from closing stdin to SIGTERM, and to SIGKILL
}

func (t *commandTransport) Connect(context.Context) (sdk.Connection, error) {
	stdout, err := t.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stdin, err := t.cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	if err := t.cmd.Start(); err != nil {
		return nil, err
	}
	return &lineConn{cmd: t.cmd, terminate: t.terminate, r: bufio.NewReaderSize(stdout, 64<<10), w: stdin}, nil
}

// lineConn is the connection to a command server.
type lineConn struct {
	cmd       *exec.Cmd
	terminate time.Duration
	r         *bufio.Reader
	queue     []jsonrpc.Message // rest of a batch; Read is never concurrent

	wmu sync.Mutex
	w   io.WriteCloser

	closeOnce sync.Once
	closeErr  error
}

func (c *lineConn) SessionID() string { return "" }

// Read returns the next message. Close ends a Read in flight (the process
// exits, which closes its stdout).
func (c *lineConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if len(c.queue) > 0 {
		m := c.queue[0]
		c.queue = c.queue[1:]
		return m, nil
	}
	for {
		line, err := readLine(c.r)
		if len(line) == 0 && err != nil {
			return nil, err
		}
		if len(line) == 0 {
			continue // a blank line
		}
		msgs, err := decodeLine(line)
		if err != nil {
			return nil, err
		}
		c.queue = msgs[1:]
		return msgs[0], nil
	}
}

// readLine returns the next line without its end of line, or what is left
// at the end of the stream, in a new slice.
func readLine(r *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		part, err := r.ReadSlice('\n')
		if len(line)+len(part) > maxLine {
			return nil, fmt.Errorf("message from server longer than %d bytes", maxLine)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			line = append(line, part...)
			continue
		}
		if line == nil {
			line = bytes.Clone(part)
		} else {
			line = append(line, part...)
		}
		return bytes.TrimSpace(line), err
	}
}

// decodeLine decodes one message or a batch (whose answers the SDK then
// sends one by one, which JSON-RPC allows a client that never batches).
func decodeLine(line []byte) ([]jsonrpc.Message, error) {
	if line[0] != '[' {
		m, err := jsonrpc.DecodeMessage(line)
		if err != nil {
			return nil, err
		}
		return []jsonrpc.Message{m}, nil
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(line, &raws); err != nil {
		return nil, fmt.Errorf("batch from server: %w", err)
	}
	if len(raws) == 0 {
		return nil, errors.New("empty batch from server")
	}
	msgs := make([]jsonrpc.Message, len(raws))
	for i, raw := range raws {
		m, err := jsonrpc.DecodeMessage(raw)
		if err != nil {
			return nil, err
		}
		msgs[i] = m
	}
	return msgs, nil
}

func (c *lineConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return fmt.Errorf("encoding message: %w", err)
	}
	data = append(data, '\n')
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_, err = c.w.Write(data)
	return err
}

// Close shuts the server down as MCP asks: close its stdin, wait for it to
// exit, then SIGTERM, then SIGKILL.
func (c *lineConn) Close() error {
	c.closeOnce.Do(func() { c.closeErr = c.shutdown() })
	return c.closeErr
}

func (c *lineConn) shutdown() error {
	c.wmu.Lock()
	err := c.w.Close()
	c.wmu.Unlock()
	if err != nil {
		return fmt.Errorf("closing stdin: %w", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- c.cmd.Wait() }()
	wait := func() (error, bool) {
		t := time.NewTimer(c.terminate)
		defer t.Stop()
		select {
		case err := <-exited:
			return err, true
		case <-t.C:
			return nil, false
		}
	}
	if err, ok := wait(); ok {
		return err
	}
	if c.cmd.Process.Signal(syscall.SIGTERM) == nil {
		if err, ok := wait(); ok {
			return err
		}
	}
	if err := c.cmd.Process.Kill(); err != nil {
		return err
	}
	if err, ok := wait(); ok {
		return err
	}
	return errors.New("server process does not exit")
}
