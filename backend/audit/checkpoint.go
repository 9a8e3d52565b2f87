package audit

import (
	"context"
	"crypto/hmac"
	"encoding/hex"
	"fmt"
	"strings"
	"time"
)

// Checkpoint is the chain's head at a moment, signed with the key. WriteCheckpoint logs one each
// AUDIT_CHECKPOINT_INTERVAL, so the trail's state is also kept outside the database (wherever the
// log is shipped): compared with the chain later (VerifyCheckpoint), an old checkpoint shows a cut
// tail or a trail sealed again, and its signature shows that a server holding the key wrote it.
type Checkpoint struct {
	Seq       int64
	Head      string
	At        time.Time // to the second, as the log line shows it
	Signature string
}

// sign is the HMAC under the key of "seq|head|at", behind a label of its own so that no
// signature is ever also an entry's hash.
func (k Key) sign(seq int64, head string, at time.Time) string {
	m := k.mac()
	fmt.Fprintf(m, "bridgework audit checkpoint v1|%d|%s|%s", seq, head, at.UTC().Format(time.RFC3339))
	return hex.EncodeToString(m.Sum(nil))
}

// WriteCheckpoint verifies the chain and logs its head at now as a signed checkpoint, at Info:
//
//	msg="audit checkpoint" seq=N head=<hash> at=<RFC 3339> signature=<hex>
//
// A broken chain gets no checkpoint, since signing its head would vouch for it: the break is
// logged as an error instead. An empty trail gets no checkpoint either.
func (s *Service) WriteCheckpoint(ctx context.Context, now time.Time) error {
	r, err := s.Verify(ctx)
	switch {
	case err != nil:
		return err
	case r.BrokenAt != 0:
		s.Logger.ErrorContext(ctx, "audit chain broken", "brokenAt", r.BrokenAt, "reason", r.Reason, "checked", r.Checked)
	case r.Checked > 0:
		at := now.UTC().Truncate(time.Second)
		s.Logger.InfoContext(ctx, "audit checkpoint", "seq", r.Checked, "head", r.Head, "at", at.Format(time.RFC3339),
			"signature", s.Key.sign(int64(r.Checked), r.Head, at))
	}
	return nil
}

// CheckpointReport says whether a checkpoint read back from the log still holds.
type CheckpointReport struct {
	Genuine bool   // its signature is the key's: a server holding the key wrote this line
	Holds   bool   // the chain is whole up to the checkpoint's entry and that entry's hash is its head
	Reason  string // why not, when either is false
}

// VerifyCheckpoint walks the whole chain, as Verify does, and checks c against it.
func (s *Service) VerifyCheckpoint(ctx context.Context, c Checkpoint) (Report, CheckpointReport, error) {
	r, hashAtSeq, err := s.walk(ctx, c.Seq)
	if err != nil {
		return r, CheckpointReport{}, err
	}
	cr := CheckpointReport{
		Genuine: hmac.Equal([]byte(s.Key.sign(c.Seq, c.Head, c.At)), []byte(c.Signature)),
		Holds:   hashAtSeq != "" && hashAtSeq == c.Head,
	}
	var why []string
	if !cr.Genuine {
		why = append(why, "the signature does not match: no server holding the audit key wrote this checkpoint, or it was changed")
	}
	switch {
	case cr.Holds:
	case r.BrokenAt != 0 && r.BrokenAt <= c.Seq:
		why = append(why, fmt.Sprintf("the chain breaks at entry %d, before the checkpoint's entry is reached", r.BrokenAt))
	case int64(r.Checked) < c.Seq:
		why = append(why, fmt.Sprintf("the trail ends at entry %d: the entries after it were removed", r.Checked))
	default:
		why = append(why, fmt.Sprintf("entry %d's hash is not the checkpoint's head: the trail was sealed again since", c.Seq))
	}
	cr.Reason = strings.Join(why, "; ")
	return r, cr, nil
}
