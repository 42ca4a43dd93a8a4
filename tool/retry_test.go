package tool

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"
)

// failing returns a stub failing with errs in turn, then succeeding.
func failing(errs ...error) *stub {
	s := &stub{name: "flaky"}
	s.fn = func(context.Context, json.RawMessage) (json.RawMessage, error) {
		n := int(s.calls.Load()) - 1
		if n < len(errs) {
			return nil, errs[n]
		}
		return json.RawMessage(`"ok"`), nil
	}
	return s
}

var fast = RetrySettings{Attempts: 4, Backoff: time.Millisecond, MaxBackoff: 2 * time.Millisecond}

func TestRetryTransientUntilSuccess(t *testing.T) {
	cause := errors.New("reset")
	s := failing(Transient("flaky", cause), Transient("flaky", cause))
	res, err := Retry(fast)(s).Call(context.Background(), nil)
	if err != nil || string(res) != `"ok"` {
		t.Fatalf("got %s, %v", res, err)
	}
	if s.calls.Load() != 3 {
		t.Fatalf("calls = %d, want 3", s.calls.Load())
	}
}

func TestRetryNeverRetriesOtherKinds(t *testing.T) {
	for _, err := range []error{
		Permanent("flaky", errors.New("no")),
		BadArgs("flaky", errors.New("field x")),
		errors.New("unclassified"),
	} {
		s := failing(err, err, err)
		_, got := Retry(fast)(s).Call(context.Background(), nil)
		if !errors.Is(got, err) {
			t.Errorf("%v: got %v", err, got)
		}
		if s.calls.Load() != 1 {
			t.Errorf("%v: retried (%d calls)", err, s.calls.Load())
		}
	}
}

func TestRetryBoundedAttempts(t *testing.T) {
	e := Transient("flaky", errors.New("down"))
	s := failing(e, e, e, e, e, e, e, e)
	_, err := Retry(fast)(s).Call(context.Background(), nil)
	if !errors.Is(err, ErrTransient) {
		t.Fatalf("err = %v", err)
	}
	if s.calls.Load() != 4 {
		t.Fatalf("calls = %d, want 4 attempts", s.calls.Load())
	}
}

func TestRetryHonoursContextWhileWaiting(t *testing.T) {
	e := Transient("flaky", errors.New("down"))
	s := failing(e, e, e)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	slow := RetrySettings{Attempts: 3, Backoff: time.Hour, MaxBackoff: time.Hour}
	start := time.Now()
	_, err := Retry(slow)(s).Call(ctx, nil)
	if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, ErrTransient) {
		t.Fatalf("err = %v, want the last failure joined with the deadline", err)
	}
	if time.Since(start) > 5*time.Second {
		t.Fatalf("waited %v despite the deadline", time.Since(start))
	}
	if s.calls.Load() != 1 {
		t.Fatalf("calls = %d", s.calls.Load())
	}
}

func TestRetryZeroSettingsMakeOneAttempt(t *testing.T) {
	e := Transient("flaky", errors.New("down"))
	s := failing(e, e)
	if _, err := Retry(RetrySettings{})(s).Call(context.Background(), nil); !errors.Is(err, ErrTransient) {
		t.Fatalf("err = %v", err)
	}
	if s.calls.Load() != 1 {
		t.Fatalf("calls = %d, want 1: zero means no retry", s.calls.Load())
	}
}
