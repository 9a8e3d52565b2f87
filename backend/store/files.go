package store

import (
	"context"
	"slices"
	"time"

	"gorm.io/gorm"

	"bridgework/backend/apperr"
	"bridgework/backend/uploads"
)

// fileRow is an uploaded blob. Uploads live in the database, not on a disk, so that every
// instance behind the load balancer serves every file.
type fileRow struct {
	ID          string
	OwnerID     string
	Kind        string
	Name        string
	ContentType string
	Size        int64
	Data        []byte
	CreatedAt   time.Time
}

func (fileRow) TableName() string { return "files" }

type fileColumn = column[fileRow]

// fileColumns are fileRow's columns but its data, which only FileByID reads (fileDataColumns):
// a check of ownership or kind, or a list of attachments, has no use for the blob.
var fileColumns = columnsOf(
	fileColumn{"files.id", func(r *fileRow) any { return &r.ID }},
	fileColumn{"files.owner_id", func(r *fileRow) any { return &r.OwnerID }},
	fileColumn{"files.kind", func(r *fileRow) any { return &r.Kind }},
	fileColumn{"files.name", func(r *fileRow) any { return &r.Name }},
	fileColumn{"files.content_type", func(r *fileRow) any { return &r.ContentType }},
	fileColumn{"files.size", func(r *fileRow) any { return &r.Size }},
	fileColumn{"files.created_at", func(r *fileRow) any { return &r.CreatedAt }},
)

// fileDataColumns are every column of fileRow, its data with the rest.
var fileDataColumns = columnsOf(append(slices.Clip(fileColumns.cols),
	fileColumn{"files.data", func(r *fileRow) any { return &r.Data }})...)

const fileNotFound = "File not found."

// Files is the uploads store.
type Files struct{ DB *gorm.DB }

func (s Files) CreateFile(ctx context.Context, f *uploads.File) error {
	row := fileRow{
		ID: NewID(), OwnerID: f.OwnerID, Kind: string(f.Kind), Name: f.Name,
		ContentType: f.ContentType, Size: f.Size, Data: f.Data,
	}
	if err := s.DB.WithContext(ctx).Create(&row).Error; err != nil {
		return err
	}
	f.ID, f.CreatedAt = row.ID, row.CreatedAt
	return nil
}

func (s Files) FileByID(ctx context.Context, id string) (*uploads.File, error) {
	return s.take(ctx, id, true)
}

// FileMeta is FileByID without the data, for checks of ownership and kind.
func (s Files) FileMeta(ctx context.Context, id string) (*uploads.File, error) {
	return s.take(ctx, id, false)
}

func (s Files) take(ctx context.Context, id string, withData bool) (*uploads.File, error) {
	if !ValidID(id) {
		return nil, apperr.New(apperr.NotFound, fileNotFound)
	}
	cols := fileColumns
	if withData {
		cols = fileDataColumns
	}
	row, err := oneOf(s.DB.WithContext(ctx),
		whereOf("files.id = ?", id).stmt("SELECT "+cols.list+" FROM files", nil, limit(1)), cols, fileNotFound)
	if err != nil {
		return nil, err
	}
	return &uploads.File{
		ID: row.ID, OwnerID: row.OwnerID, Kind: uploads.Kind(row.Kind), Name: row.Name,
		ContentType: row.ContentType, Size: row.Size, Data: row.Data, CreatedAt: row.CreatedAt,
	}, nil
}

// UsedBytes is the size of every file ownerID keeps, for the upload quota.
func (s Files) UsedBytes(ctx context.Context, ownerID string) (int64, error) {
	sum := value[int64]("COALESCE(SUM(files.size), 0)")
	// An aggregate without GROUP BY is one row.
	used, _, err := firstOf(s.DB.WithContext(ctx), whereOf("files.owner_id = ?", ownerID).stmt("SELECT "+sum.list+" FROM files", nil, ""), sum)
	return used, err
}

// unreferenced is true of a file row (alias f) that no profile, no task and no chat message points
// to: an avatar, a résumé, a task image or attachment, a file sent in chat. Files live in the
// database, so the check is one query.
const unreferenced = `NOT EXISTS (SELECT 1 FROM users u WHERE u.profile_picture = '` + uploads.URLPrefix + `' || f.id OR u.resume = '` + uploads.URLPrefix + `' || f.id)
	AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.image_url = '` + uploads.URLPrefix + `' || f.id OR t.attachments LIKE '%' || f.id || '%')
	AND NOT EXISTS (SELECT 1 FROM message_attachments ma WHERE ma.file_id = f.id)`

// deleteReplaced deletes the files behind urls that ownerID uploaded and nothing references any
// more: the avatar or résumé a profile save just replaced. Run it in the save's transaction.
func deleteReplaced(tx *gorm.DB, ownerID string, urls ...string) error {
	var ids []string
	for _, u := range urls {
		if id, ok := uploads.IDFromURL(u); ok && ValidID(id) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	return tx.Exec("DELETE FROM files WHERE id IN (SELECT f.id FROM files f WHERE f.id IN ? AND f.owner_id = ? AND "+unreferenced+")", ids, ownerID).Error
}

// DeleteOrphans deletes up to limit files made before cutoff that nothing references (uploads
// never used, or left behind), and reports how many it deleted.
func (s Files) DeleteOrphans(ctx context.Context, cutoff time.Time, limit int) (int64, error) {
	res := s.DB.WithContext(ctx).Exec("DELETE FROM files WHERE id IN (SELECT f.id FROM files f WHERE f.created_at < ? AND "+
		unreferenced+" LIMIT ?)", cutoff.UTC(), limit)
	return res.RowsAffected, res.Error
}
