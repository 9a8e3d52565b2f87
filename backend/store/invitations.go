package store

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/matching"
	"bridgework/backend/notify"
	"bridgework/backend/tasks"
)

type invitationRow struct {
	ID         string
	TaskID     string
	StartupID  string
	StudentID  string
	Message    string
	Status     string
	Reason     string
	CreatedAt  time.Time
	AnsweredAt *time.Time
}

func (invitationRow) TableName() string { return "invitations" }

type invitationColumn = column[invitationRow]

var invitationColumns = columnsOf(
	invitationColumn{"invitations.id", func(r *invitationRow) any { return &r.ID }},
	invitationColumn{"invitations.task_id", func(r *invitationRow) any { return &r.TaskID }},
	invitationColumn{"invitations.startup_id", func(r *invitationRow) any { return &r.StartupID }},
	invitationColumn{"invitations.student_id", func(r *invitationRow) any { return &r.StudentID }},
	invitationColumn{"invitations.message", func(r *invitationRow) any { return &r.Message }},
	invitationColumn{"invitations.status", func(r *invitationRow) any { return &r.Status }},
	invitationColumn{"invitations.reason", func(r *invitationRow) any { return &r.Reason }},
	invitationColumn{"invitations.created_at", func(r *invitationRow) any { return &r.CreatedAt }},
	invitationColumn{"invitations.answered_at", func(r *invitationRow) any { return &r.AnsweredAt }},
)

func (r invitationRow) toDomain() matching.Invitation {
	inv := matching.Invitation{ID: r.ID, TaskID: r.TaskID, StartupID: r.StartupID, StudentID: r.StudentID,
		Message: r.Message, Status: r.Status, Reason: r.Reason, CreatedAt: r.CreatedAt.UTC()}
	if r.AnsweredAt != nil {
		at := r.AnsweredAt.UTC()
		inv.AnsweredAt = &at
	}
	return inv
}

const invitationNotFound = "Invitation not found."

// Invitations is the invitations' store (matching.InvitationStore).
type Invitations struct{ DB *gorm.DB }

func (s Invitations) InvitationsTx(ctx context.Context, fn func(tx matching.InvitationTx) error) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error { return fn(invitationTx{db: tx}) })
}

func (s Invitations) Invitation(ctx context.Context, id string) (*matching.Invitation, error) {
	if !ValidID(id) {
		return nil, apperr.New(apperr.NotFound, invitationNotFound)
	}
	db := s.DB.WithContext(ctx)
	row, err := oneOf(db, sqlOf("SELECT "+invitationColumns.list+" FROM invitations WHERE invitations.id = ?", id),
		invitationColumns, invitationNotFound)
	if err != nil {
		return nil, err
	}
	list, err := withTasksAndPeople(db, []invitationRow{row})
	if err != nil {
		return nil, err
	}
	return &list[0], nil
}

func (s Invitations) TaskStartup(ctx context.Context, taskID string) (string, error) {
	if !ValidID(taskID) {
		return "", apperr.New(apperr.NotFound, taskNotFound)
	}
	return oneOf(s.DB.WithContext(ctx), sqlOf("SELECT tasks.startup_id FROM tasks WHERE tasks.id = ?", taskID),
		value[string]("tasks.startup_id"), taskNotFound)
}

func (s Invitations) TaskInvitations(ctx context.Context, taskID string, offset, limit int) ([]matching.Invitation, int, error) {
	return s.page(ctx, whereOf("invitations.task_id = ?", taskID), offset, limit)
}

func (s Invitations) StudentInvitations(ctx context.Context, studentID string, offset, limit int) ([]matching.Invitation, int, error) {
	return s.page(ctx, whereOf("invitations.student_id = ?", studentID), offset, limit)
}

// page reads a page of w's invitations, newest first, with their count in one round trip, then
// their tasks and people in one more.
func (s Invitations) page(ctx context.Context, w where, offset, limit int) ([]matching.Invitation, int, error) {
	db := s.DB.WithContext(ctx)
	b := newReadBatch(db)
	var total int
	readCount(b, w.stmt("SELECT COUNT(*) FROM invitations", nil, ""), &total)
	page, args := limitOffset(limit, offset)
	var rows []invitationRow
	read(b, w.stmt("SELECT "+invitationColumns.list+" FROM invitations", nil,
		" ORDER BY invitations.created_at DESC, invitations.id DESC"+page, args...), invitationColumns, &rows)
	if err := b.run(); err != nil {
		return nil, 0, err
	}
	list, err := withTasksAndPeople(db, rows)
	return list, total, err
}

// withTasksAndPeople turns rows into invitations with their tasks, startups and students, read
// in one round trip whatever the number of rows.
func withTasksAndPeople(db *gorm.DB, rows []invitationRow) ([]matching.Invitation, error) {
	out := make([]matching.Invitation, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	var taskIDs, personIDs []string
	for _, r := range rows {
		taskIDs, personIDs = append(taskIDs, r.TaskID), append(personIDs, r.StartupID, r.StudentID)
	}
	b := newReadBatch(db)
	var taskRows []taskRow
	read(b, whereOf(inList(db, "tasks.id", unique(taskIDs))).stmt("SELECT "+taskColumns.list+" FROM tasks", nil, ""), taskColumns, &taskRows)
	who := readPeople(b, personIDs)
	if err := b.run(); err != nil {
		return nil, err
	}
	byID := make(map[string]*tasks.Task, len(taskRows))
	for _, r := range taskRows {
		byID[r.ID] = r.toDomain()
	}
	people := who()
	for i, r := range rows {
		out[i] = r.toDomain()
		out[i].Task, out[i].Startup, out[i].Student = byID[r.TaskID], people[r.StartupID], people[r.StudentID]
	}
	return out, nil
}

// invitationTx is an invitation's change inside one transaction.
type invitationTx struct{ db *gorm.DB }

func (t invitationTx) LockStartup(startupID string) error {
	_, err := oneOf(t.db, sqlOf("SELECT users.id FROM users WHERE users.id = ?"+forUpdate(t.db), startupID),
		value[string]("users.id"), userNotFound)
	return err
}

func (t invitationTx) LockTask(id string) (*tasks.Task, error) { return taskTx{db: t.db}.LockTask(id) }

func (t invitationTx) User(id string) (*accounts.User, error) {
	if !ValidID(id) {
		return nil, apperr.New(apperr.NotFound, userNotFound)
	}
	row, err := oneOf(t.db, sqlOf("SELECT "+userColumns.list+" FROM users WHERE users.id = ?", id), userColumns, userNotFound)
	if err != nil {
		return nil, err
	}
	return row.toDomain(), nil
}

func (t invitationTx) TaskInvitationCount(taskID string) (int, error) {
	return countNow(t.db, sqlOf("SELECT COUNT(*) FROM invitations WHERE invitations.task_id = ?", taskID))
}

func (t invitationTx) StartupInvitationsSince(startupID string, since time.Time) (int, time.Time, error) {
	type window struct {
		N      int
		Oldest *time.Time
	}
	cols := columnsOf(column[window]{"COUNT(*)", func(r *window) any { return &r.N }},
		column[window]{"MIN(invitations.created_at)", func(r *window) any { return &r.Oldest }})
	w, _, err := firstOf(t.db, sqlOf("SELECT "+cols.list+" FROM invitations WHERE invitations.startup_id = ? AND invitations.created_at > ?",
		startupID, since.UTC()), cols)
	if err != nil || w.Oldest == nil {
		return w.N, time.Time{}, err
	}
	return w.N, w.Oldest.UTC(), nil
}

func (t invitationTx) CreateInvitation(inv *matching.Invitation) error {
	row := invitationRow{ID: NewID(), TaskID: inv.TaskID, StartupID: inv.StartupID, StudentID: inv.StudentID,
		Message: inv.Message, Status: inv.Status, CreatedAt: inv.CreatedAt.UTC()}
	err := t.db.Create(&row).Error
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return apperr.New(apperr.Conflict, "This student was already invited to this task.")
	}
	if err != nil {
		return err
	}
	inv.ID = row.ID
	return nil
}

func (t invitationTx) LockInvitation(id string) (*matching.Invitation, error) {
	if !ValidID(id) {
		return nil, apperr.New(apperr.NotFound, invitationNotFound)
	}
	row, err := oneOf(t.db, sqlOf("SELECT "+invitationColumns.list+" FROM invitations WHERE invitations.id = ?"+forUpdate(t.db), id),
		invitationColumns, invitationNotFound)
	if err != nil {
		return nil, err
	}
	inv := row.toDomain()
	return &inv, nil
}

// AnswerInvitation is a conditional update, so that of two answers racing only one moves it.
func (t invitationTx) AnswerInvitation(id, status, reason string, at time.Time) (bool, error) {
	res := t.db.Model(&invitationRow{}).Where("id = ? AND status = ?", id, matching.InvitationPending).
		Updates(map[string]any{"status": status, "reason": reason, "answered_at": at.UTC()})
	return res.RowsAffected == 1, res.Error
}

func (t invitationTx) AssignTask(taskID, studentID string) error {
	return t.db.Model(&taskRow{}).Where("id = ?", taskID).Updates(map[string]any{
		"assigned_student_id": studentID, "listed": false, "updated_at": time.Now().UTC(),
	}).Error
}

func (t invitationTx) CreateNotification(n *notify.Notification) error {
	return createNotification(t.db, n)
}
