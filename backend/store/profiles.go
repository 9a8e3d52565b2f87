package store

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/accounts"
	"bridgework/backend/apperr"
	"bridgework/backend/issuers"
	"bridgework/backend/profiles"
	"bridgework/backend/uploads"
)

// Profiles is the profiles store: profile writes, people lists, and the user and file reads the
// profiles service needs.
type Profiles struct{ DB *gorm.DB }

func (s Profiles) UserByID(ctx context.Context, id string) (*accounts.User, error) {
	return Users(s).UserByID(ctx, id)
}

func (s Profiles) SetPassword(ctx context.Context, userID, hash string) error {
	return Users(s).SetPassword(ctx, userID, hash)
}

func (s Profiles) FileMeta(ctx context.Context, id string) (*uploads.File, error) {
	return Files(s).FileMeta(ctx, id)
}

func (s Profiles) HasStudentProfile(ctx context.Context, userID string) (bool, error) {
	n, err := countNow(s.DB.WithContext(ctx),
		sqlOf("SELECT COUNT(*) FROM users WHERE users.id = ? AND users.profile_created_at IS NOT NULL", userID))
	return n > 0, err
}

// SaveStudentProfile updates the user row; Add Profile only while it has no profile yet, so of
// two concurrent Add Profile saves exactly one creates. Skills are replaced; a skill keeps the
// Verified badge its name (any case) had before.
func (s Profiles) SaveStudentProfile(ctx context.Context, userID string, p profiles.StudentProfile, mode profiles.SaveMode) error {
	exp, err := json.Marshal(nonNil(p.Experience))
	if err != nil {
		return err
	}
	proj, err := json.Marshal(nonNil(p.Projects))
	if err != nil {
		return err
	}
	now := time.Now().UTC()
	fields := map[string]any{
		"first_name": p.FirstName, "last_name": p.LastName, "phone": p.Phone, "college": p.College,
		"institute": p.Institute, "college_email": p.CollegeEmail, "bio": p.Bio, "headline": p.Headline,
		"summary": p.Summary, "profile_picture": p.ProfilePicture, "resume": p.Resume,
		"experience": string(exp), "projects": string(proj), "updated_at": now,
	}
	if p.Discoverable != nil {
		fields["discoverable"] = *p.Discoverable
	}
	if p.AcceptsInvitations != nil {
		fields["accepts_invitations"] = *p.AcceptsInvitations
	}
	fields["profile_created_at"] = gorm.Expr("COALESCE(profile_created_at, ?)", now)
	create := mode == profiles.AddProfile
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		before, err := uploadsOf(tx, userID)
		if err != nil {
			return err
		}
		row := tx.Table("users").Where("id = ? AND user_type = ?", userID, string(accounts.Student))
		if create {
			row = row.Where("profile_created_at IS NULL")
		}
		res := row.Updates(fields)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 && create {
			return apperr.New(apperr.Conflict, "Your profile already exists.")
		}
		if res.RowsAffected == 0 {
			return apperr.New(apperr.NotFound, "No profile found.")
		}
		if err := deleteReplaced(tx, userID, before.ProfilePicture, before.Resume); err != nil {
			return err
		}
		if err := replaceSkills(tx, userID, p.Skills); err != nil {
			return err
		}
		return reindexStudent(tx, userID)
	})
}

// replaceSkills must run inside a transaction (tx). On PostgreSQL the old rows are locked so a
// concurrent approval that verifies a skill is not lost between the read and the delete.
func replaceSkills(tx *gorm.DB, userID string, skills []accounts.Skill) error {
	verified, err := rowsOf(tx, sqlOf("SELECT user_skills.name_key FROM user_skills WHERE user_skills.user_id = ? AND user_skills.is_verified = ?"+
		forUpdate(tx), userID, true), value[string]("user_skills.name_key"))
	if err != nil {
		return err
	}
	if err := tx.Where("user_id = ?", userID).Delete(&skillRow{}).Error; err != nil {
		return err
	}
	rows := toSkillRows(userID, skills)
	if len(rows) == 0 {
		return nil
	}
	for i := range rows {
		rows[i].IsVerified = slices.Contains(verified, rows[i].NameKey)
	}
	return tx.Create(&rows).Error
}

func (s Profiles) SaveStartupProfile(ctx context.Context, userID string, p profiles.StartupProfile) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		before, err := uploadsOf(tx, userID)
		if err != nil {
			return err
		}
		res := tx.Table("users").Where("id = ? AND user_type = ?", userID, string(accounts.Startup)).
			Updates(map[string]any{
				"company_name": p.CompanyName, "industry": p.Industry, "company_description": p.CompanyDescription,
				"company_size": p.CompanySize, "profile_picture": p.ProfilePicture, "website": p.Website,
				"updated_at": time.Now().UTC(),
			})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return apperr.New(apperr.NotFound, userNotFound)
		}
		// A verification holds for one domain: a website moved elsewhere (or removed) drops it.
		err = tx.Table("users").Where("id = ? AND verified_domain <> ?", userID, issuers.SiteDomain(p.Website)).
			Updates(map[string]any{"verified_domain": "", "verified_at": nil}).Error
		if err != nil {
			return err
		}
		return deleteReplaced(tx, userID, before.ProfilePicture)
	})
}

// profileUploads are the files a user's profile points to.
type profileUploads struct{ ProfilePicture, Resume string }

var profileUploadColumns = columnsOf(
	column[profileUploads]{"COALESCE(users.profile_picture, '')", func(r *profileUploads) any { return &r.ProfilePicture }},
	column[profileUploads]{"COALESCE(users.resume, '')", func(r *profileUploads) any { return &r.Resume }})

// uploadsOf reads the files a user's profile points to, before a save may replace them: none
// when there is no such user.
func uploadsOf(tx *gorm.DB, userID string) (profileUploads, error) {
	row, _, err := firstOf(tx, sqlOf("SELECT "+profileUploadColumns.list+" FROM users WHERE users.id = ?"+limit(1), userID), profileUploadColumns)
	return row, err
}

// ListUsers reads users of one type, newest first. The skills filter starts from the indexed
// user_skills.name_key, so it stays an index lookup however many users there are.
func (s Profiles) ListUsers(ctx context.Context, f profiles.UserFilter) ([]*accounts.User, error) {
	db := s.DB.WithContext(ctx)
	page, args := limitOffset(f.Limit, f.Offset)
	return usersWithSkills(db, filteredUsers(db, f).stmt("SELECT "+userColumns.list+" FROM users", nil,
		" ORDER BY users.created_at DESC, users.id DESC"+page, args...))
}

// CountUsers counts what ListUsers would list without a limit.
func (s Profiles) CountUsers(ctx context.Context, f profiles.UserFilter) (int64, error) {
	db := s.DB.WithContext(ctx)
	n, err := countNow(db, filteredUsers(db, f).stmt("SELECT COUNT(*) FROM users", nil, ""))
	return int64(n), err
}

func filteredUsers(db *gorm.DB, f profiles.UserFilter) where {
	w := whereOf("users.user_type = ?", string(f.Type))
	if f.Discoverable {
		w = w.and("users.discoverable = true")
	}
	if len(f.SkillKeys) == 0 {
		return w
	}
	skilled, keys := inList(db, "user_skills.name_key", f.SkillKeys)
	if IsPostgres(db) {
		// ARRAY(…) is read first, from the skill index, and then finds its users by id. Planned
		// as IN (subquery), PostgreSQL scans every user against the matches, and a cached
		// generic plan may walk all users newest first checking each one's skills.
		return w.and("users.id = ANY (ARRAY(SELECT user_skills.user_id FROM user_skills WHERE "+skilled+"))", keys)
	}
	return w.and("users.id IN (SELECT user_skills.user_id FROM user_skills WHERE "+skilled+")", keys)
}

// TrackRecords reads the certificates of userIDs, newest first, in one query: the approval
// transaction issues one per approved task, so their count is the approved tasks'.
func (s Profiles) TrackRecords(ctx context.Context, userIDs []string) (map[string]profiles.TrackRecord, error) {
	out := map[string]profiles.TrackRecord{}
	if len(userIDs) == 0 {
		return out, nil
	}
	type issued struct {
		StudentID, Number, TaskTitle string
		IssuedAt                     time.Time
	}
	cols := columnsOf(column[issued]{"certificates.student_id", func(r *issued) any { return &r.StudentID }},
		column[issued]{"certificates.number", func(r *issued) any { return &r.Number }},
		column[issued]{"certificates.task_title", func(r *issued) any { return &r.TaskTitle }},
		column[issued]{"certificates.issued_at", func(r *issued) any { return &r.IssuedAt }})
	db := s.DB.WithContext(ctx)
	rows, err := rowsOf(db, whereOf(inList(db, "certificates.student_id", unique(userIDs))).
		stmt("SELECT "+cols.list+" FROM certificates", nil, " ORDER BY certificates.issued_at DESC, certificates.number"), cols)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		rec := out[r.StudentID]
		rec.ApprovedTasks++
		rec.Certificates = append(rec.Certificates, profiles.CertificateRef{Number: r.Number, Title: r.TaskTitle, IssuedAt: r.IssuedAt.UTC()})
		out[r.StudentID] = rec
	}
	return out, nil
}
