//go:build linux && cgo && !ci && !wayland && !android

package app

/*
#cgo LDFLAGS: -lX11 -ldl
#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/Xrandr.h>

// nf_splash_open connects to the X display and gives the rectangle of the
// monitor the app's window goes to (projectorScreen's choice): with two or
// more, the first that is not the primary; otherwise the primary, the
// first, or the whole screen. NULL when there is no display.
static Display *nf_splash_open(int *x, int *y, int *w, int *h) {
	Display *d = XOpenDisplay(NULL);
	if (d == NULL) return NULL;
	int scr = DefaultScreen(d);
	*x = 0; *y = 0; *w = DisplayWidth(d, scr); *h = DisplayHeight(d, scr);
	// libXrandr is opened here, as GLFW opens it, not linked: a machine
	// without it still starts the app (the splash then takes the whole
	// screen's centre). Monitors are RandR 1.5's: an older server would
	// answer the request with an error, and Xlib's default handler ends
	// the process.
	void *xrr = dlopen("libXrandr.so.2", RTLD_LAZY | RTLD_LOCAL);
	if (xrr == NULL) return d;
	Bool (*queryExtension)(Display *, int *, int *) = (Bool (*)(Display *, int *, int *))dlsym(xrr, "XRRQueryExtension");
	Status (*queryVersion)(Display *, int *, int *) = (Status (*)(Display *, int *, int *))dlsym(xrr, "XRRQueryVersion");
	XRRMonitorInfo *(*getMonitors)(Display *, Window, Bool, int *) =
		(XRRMonitorInfo *(*)(Display *, Window, Bool, int *))dlsym(xrr, "XRRGetMonitors");
	void (*freeMonitors)(XRRMonitorInfo *) = (void (*)(XRRMonitorInfo *))dlsym(xrr, "XRRFreeMonitors");
	int n = 0, ev, er, major = 0, minor = 0;
	if (queryExtension && queryVersion && getMonitors && freeMonitors &&
		queryExtension(d, &ev, &er) && queryVersion(d, &major, &minor) &&
		(major > 1 || (major == 1 && minor >= 5))) {
		XRRMonitorInfo *m = getMonitors(d, RootWindow(d, scr), True, &n);
		if (m != NULL) {
			int pick = -1, primary = -1;
			for (int i = 0; i < n; i++) if (m[i].primary) { primary = i; break; }
			if (n >= 2 && primary >= 0) {
				for (int i = 0; i < n; i++) if (i != primary) { pick = i; break; }
			}
			if (pick < 0) pick = primary >= 0 ? primary : (n > 0 ? 0 : -1);
			if (pick >= 0 && m[pick].width > 0 && m[pick].height > 0) {
				*x = m[pick].x; *y = m[pick].y; *w = m[pick].width; *h = m[pick].height;
			}
			freeMonitors(m);
		}
	}
	// xrr stays open: the extension's hooks are in the connection now,
	// and they run until it closes (GLFW opens the same library anyway).
	return d;
}

// nf_splash_show shows the side×side bitmap (XBM bit order: rows of whole
// bytes, least significant bit first; a set bit is black) at x, y in a
// window of its own that the window manager does not manage
// (override-redirect: no frame, no focus taken), its background the bitmap
// so that the X server draws it without this side answering an expose.
// Windows mapped or restacked after it do not cover it (it is raised
// again, a bounded number of times). It returns when stopfd is readable or
// closed, the window gone (the connection stays the caller's to close).
static void nf_splash_show(Display *d, int x, int y, char *bits, int side, int stopfd) {
	int scr = DefaultScreen(d);
	Window root = RootWindow(d, scr);
	Pixmap pm = XCreatePixmapFromBitmapData(d, root, bits, side, side,
		BlackPixel(d, scr), WhitePixel(d, scr), DefaultDepth(d, scr));
	XSetWindowAttributes wa;
	wa.override_redirect = True;
	wa.background_pixmap = pm;
	Window win = XCreateWindow(d, root, x, y, side, side, 0, CopyFromParent, InputOutput,
		CopyFromParent, CWOverrideRedirect | CWBackPixmap, &wa);
	XStoreName(d, win, "Nightfall");
	XSelectInput(d, root, SubstructureNotifyMask);
	XMapRaised(d, win);
	XFlush(d);
	int raises = 0, fd = ConnectionNumber(d);
	for (;;) {
		while (XPending(d)) {
			XEvent e;
			XNextEvent(d, &e);
			Window other = e.type == MapNotify ? e.xmap.window
				: e.type == ConfigureNotify ? e.xconfigure.window : None;
			if (other != None && other != win && raises < 64) {
				XRaiseWindow(d, win);
				raises++;
			}
		}
		XFlush(d);
		struct pollfd p[2] = {{fd, POLLIN, 0}, {stopfd, POLLIN, 0}};
		if (poll(p, 2, -1) < 0 && errno != EINTR) break;
		if (p[1].revents) break;
		if (p[0].revents & (POLLERR | POLLHUP)) break;
	}
	XDestroyWindow(d, win);
	XFreePixmap(d, pm);
}
*/
import "C"

import (
	"image"
	"os"
	"sync"

	"nightfall/lan/qr"
)

// splash is the join URL's QR code in a plain X11 window, shown the moment
// the server has its URL and gone once the app's window has drawn its first
// frame (the lobby, with the same code). Creating the app's window means
// loading the GL driver and, without a GPU, compiling its shaders: on a
// busy or slow laptop that is seconds in which players could already be
// scanning. This window needs none of it: its own X connection, a bitmap
// the X server draws as the window's background, no GL. It sits at the
// centre of the monitor the window goes to (the projector's, when there is
// a second one), about half its height, above the app's window while that
// one is still blank.
//
// Without an X display (Wayland without XWayland, a test driver) show and
// close do nothing. The bitmap is the code only; its words are the lobby's.
type splash struct {
	url      chan string
	stop     chan struct{}
	stopOnce sync.Once // close may be called from two goroutines
	done     chan struct{}
}

// openSplash connects to the display on a goroutine of its own, so that
// the window can show as soon as show gives the URL.
func openSplash() *splash {
	// Xlib's threads are on before any connection is opened (libX11 1.8
	// does it itself; older ones need it first, and GLFW's own call comes
	// when the window is made, after this).
	C.XInitThreads()
	s := &splash{url: make(chan string, 1), stop: make(chan struct{}), done: make(chan struct{})}
	go s.run()
	return s
}

// show shows url's code (once; later calls do nothing).
func (s *splash) show(url string) {
	select {
	case s.url <- url:
	default:
	}
}

// close takes the window away (or keeps it from showing) and returns
// once it is gone.
func (s *splash) close() {
	s.stopOnce.Do(func() { close(s.stop) })
	<-s.done
}

func (s *splash) run() {
	defer close(s.done)
	var x, y, w, h C.int
	d := C.nf_splash_open(&x, &y, &w, &h)
	if d == nil {
		return
	}
	defer C.XCloseDisplay(d) // before done closes: close returns with the window gone
	var url string
	select {
	case url = <-s.url:
	case <-s.stop:
		return
	}
	img, ok := qr.Image(url, int(min(w, h))/2).(*image.Paletted)
	if !ok {
		return
	}
	side, bits := xbm(img)
	r, wr, err := os.Pipe()
	if err != nil {
		return
	}
	go func() {
		<-s.stop
		wr.Close()
	}()
	cbits := C.CBytes(bits)
	defer C.free(cbits)
	C.nf_splash_show(d, x+(w-C.int(side))/2, y+(h-C.int(side))/2, (*C.char)(cbits), C.int(side), C.int(r.Fd()))
	r.Close()
}

// xbm packs img (index 0 white, anything else black) as XBM bits: each row
// whole bytes, the leftmost pixel the least significant bit.
func xbm(img *image.Paletted) (side int, bits []byte) {
	side = img.Rect.Dx()
	stride := (side + 7) / 8
	bits = make([]byte, stride*side)
	for y := range side {
		row := img.Pix[y*img.Stride : y*img.Stride+side]
		for x, v := range row {
			if v != 0 {
				bits[y*stride+x/8] |= 1 << (x % 8)
			}
		}
	}
	return side, bits
}
