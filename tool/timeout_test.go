package tool

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"
)

func TestTimeoutBecomesTransient(t *testing.T) {
	s := &stub{name: "slow", fn: func(ctx context.Context, _ json.RawMessage) (json.RawMessage, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}}
	_, err := Timeout(10*time.Millisecond)(s).Call(context.Background(), nil)
	if !errors.Is(err, ErrTransient) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want transient deadline exceeded", err)
	}
}

func TestTimeoutEvenIfToolIgnoresContext(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	s := &stub{name: "stubborn", fn: func(context.Context, json.RawMessage) (json.RawMessage, error) {
		<-release
		return json.RawMessage(`1`), nil
	}}
	_, err := Timeout(10*time.Millisecond)(s).Call(context.Background(), nil)
	if !errors.Is(err, ErrTransient) {
		t.Fatalf("err = %v", err)
	}
}

func TestTimeoutCancelledCallDoesNotStart(t *testing.T) {
	s := echoStub("e")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Timeout(time.Second)(s).Call(ctx, nil)
	if !errors.Is(err, context.Canceled) || errors.Is(err, ErrTransient) {
		t.Fatalf("err = %v, want the caller's cancellation", err)
	}
	time.Sleep(10 * time.Millisecond)
	if n := s.calls.Load(); n != 0 {
		t.Errorf("the tool ran %d times for a call cancelled before it started", n)
	}
}

func TestTimeoutPassesFastResults(t *testing.T) {
	res, err := Timeout(time.Second)(echoStub("e")).Call(context.Background(), json.RawMessage(`{"a":1}`))
	if err != nil || string(res) != `{"a":1}` {
		t.Fatalf("got %s, %v", res, err)
	}
}

func TestTimeoutCallerCancelIsNotTransient(t *testing.T) {
	s := &stub{name: "slow", fn: func(ctx context.Context, _ json.RawMessage) (json.RawMessage, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(5*time.Millisecond, cancel)
	_, err := Timeout(time.Hour)(s).Call(ctx, nil)
	if !errors.Is(err, context.Canceled) || errors.Is(err, ErrTransient) {
		t.Fatalf("err = %v, want context.Canceled only", err)
	}
}

func TestTimeoutThenRetry(t *testing.T) {
	// The first attempt hangs; the retry (with a fresh deadline) succeeds.
	s := &stub{name: "once-slow"}
	s.fn = func(ctx context.Context, _ json.RawMessage) (json.RawMessage, error) {
		if s.calls.Load() == 1 {
			<-ctx.Done()
			return nil, ctx.Err()
		}
		return json.RawMessage(`"ok"`), nil
	}
	tl := Chain(s, Retry(fast), Timeout(10*time.Millisecond))
	res, err := tl.Call(context.Background(), nil)
	if err != nil || string(res) != `"ok"` || s.calls.Load() != 2 {
		t.Fatalf("got %s, %v after %d calls", res, err, s.calls.Load())
	}
}

func TestTimeoutPanicReachesCaller(t *testing.T) {
	s := &stub{name: "boom", fn: func(context.Context, json.RawMessage) (json.RawMessage, error) { panic("bug in tool") }}
	defer func() {
		if p := recover(); p != "bug in tool" {
			t.Fatalf("recovered %v, want the tool's panic", p)
		}
	}()
	Timeout(time.Second)(s).Call(context.Background(), nil)
	t.Fatal("no panic")
}
