package profiles

import (
	"context"
	"time"
)

// TrackRecord is what a student did and had verified on Bridgework: the tasks a startup approved,
// the certificate each approval issued (numbers anyone can check at /verify/{number}), and the
// skills those approvals verified. Cards and profiles show it beside what the student wrote.
type TrackRecord struct {
	ApprovedTasks  int
	Certificates   []CertificateRef
	VerifiedSkills []string
}

// CertificateRef names one certificate for a track record.
type CertificateRef struct {
	Number   string
	Title    string
	IssuedAt time.Time
}

// TrackRecords reads the track records of users in one query for them all; a user without
// approved work has none in the map.
func (s *Service) TrackRecords(ctx context.Context, userIDs ...string) (map[string]TrackRecord, error) {
	return s.Store.TrackRecords(ctx, userIDs)
}
