package credentials

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"sync"

	"golang.org/x/image/vector"
)

// badgeSize is the badge image's width and height in pixels.
const badgeSize = 400

// BadgeImage is the image every certificate's badge is baked into (Bake): a seal in Bridgework's
// indigo with a check mark and two ribbons. It is drawn once per process.
var BadgeImage = sync.OnceValue(func() []byte {
	img := image.NewNRGBA(image.Rect(0, 0, badgeSize, badgeSize))
	fill := func(c color.NRGBA, path func(r *vector.Rasterizer)) {
		r := vector.NewRasterizer(badgeSize, badgeSize)
		path(r)
		r.Draw(img, img.Bounds(), image.NewUniform(c), image.Point{})
	}
	amber, indigo, violet, white := color.NRGBA{245, 158, 11, 255}, color.NRGBA{67, 56, 202, 255},
		color.NRGBA{99, 102, 241, 255}, color.NRGBA{255, 255, 255, 255}
	// Ribbons behind the seal.
	fill(amber, func(r *vector.Rasterizer) { polygon(r, 120, 250, 180, 270, 150, 390, 125, 360, 90, 375) })
	fill(amber, func(r *vector.Rasterizer) { polygon(r, 280, 250, 220, 270, 250, 390, 275, 360, 310, 375) })
	fill(indigo, func(r *vector.Rasterizer) { circle(r, 200, 170, 150) })
	fill(violet, func(r *vector.Rasterizer) { circle(r, 200, 170, 122) })
	fill(white, func(r *vector.Rasterizer) { polygon(r, 140, 170, 162, 148, 188, 176, 246, 116, 268, 138, 188, 220) })
	var out bytes.Buffer
	_ = png.Encode(&out, img) // encoding an in-memory image into a buffer cannot fail
	return out.Bytes()
})

// circle adds a circle of radius rad around (cx, cy), as four cubic Bézier arcs.
func circle(r *vector.Rasterizer, cx, cy, rad float32) {
	const k = 0.5523 // the control distance that makes a cubic arc a quarter circle
	d := rad * k
	r.MoveTo(cx+rad, cy)
	r.CubeTo(cx+rad, cy+d, cx+d, cy+rad, cx, cy+rad)
	r.CubeTo(cx-d, cy+rad, cx-rad, cy+d, cx-rad, cy)
	r.CubeTo(cx-rad, cy-d, cx-d, cy-rad, cx, cy-rad)
	r.CubeTo(cx+d, cy-rad, cx+rad, cy-d, cx+rad, cy)
	r.ClosePath()
}

// polygon adds the closed polygon through the points given as x, y pairs.
func polygon(r *vector.Rasterizer, xy ...float32) {
	r.MoveTo(xy[0], xy[1])
	for i := 2; i < len(xy); i += 2 {
		r.LineTo(xy[i], xy[i+1])
	}
	r.ClosePath()
}
