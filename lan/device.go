package lan

import (
	"slices"
	"strings"
)

// deviceLabel is what a phone's browser says it is, short enough for the
// big screen beside a request for a freed seat: the kind of device and the
// browser ("iPhone · Safari", "Android · Chrome"), "" when the User-Agent
// names nothing known. It helps the host see whose phone asks; it proves
// nothing (a browser may say anything), which is what the phone code is
// for.
func deviceLabel(ua string) string {
	has := func(s string) bool { return strings.Contains(ua, s) }
	dev, browser := uaName(devices, has), uaName(browsers, has)
	switch {
	case dev != "" && browser != "":
		return dev + " · " + browser
	case dev != "":
		return dev
	}
	return browser
}

// uaMarks is a name and the marks a User-Agent carries for it.
type uaMarks struct {
	name  string
	marks []string
}

// uaName is the name of the first entry of table one of whose marks the
// User-Agent has ("": none).
func uaName(table []uaMarks, has func(string) bool) string {
	for _, e := range table {
		if slices.ContainsFunc(e.marks, has) {
			return e.name
		}
	}
	return ""
}

// devices, in the order they are told apart: an Android that says
// HarmonyOS is HarmonyOS, one that says only OpenHarmony is an Android.
var devices = []uaMarks{
	{"iPhone", []string{"iPhone"}},
	{"iPad", []string{"iPad"}},
	{"HarmonyOS", []string{"HarmonyOS"}},
	{"Android", []string{"Android"}},
	{"HarmonyOS", []string{"OpenHarmony"}},
	{"Windows", []string{"Windows"}},
	{"Mac", []string{"Macintosh", "Mac OS X"}},
	{"Chromebook", []string{"CrOS"}},
	{"Linux", []string{"Linux"}},
}

// browsers, in the order they are told apart: the in-app and vendor
// browsers first, as their User-Agents also name Chrome or Safari.
var browsers = []uaMarks{
	{"WeChat", []string{"MicroMessenger"}},
	{"QQ", []string{"QQBrowser", "MQQBrowser"}},
	{"UC", []string{"UCBrowser"}},
	{"Huawei", []string{"HuaweiBrowser"}},
	{"Xiaomi", []string{"MiuiBrowser"}},
	{"Samsung", []string{"SamsungBrowser"}},
	{"Edge", []string{"EdgiOS", "EdgA", "Edg/"}},
	{"Opera", []string{"OPR/", "OPiOS"}},
	{"Firefox", []string{"FxiOS", "Firefox/"}},
	{"Chrome", []string{"CriOS", "Chrome/", "Chromium/"}},
	{"Safari", []string{"Safari/"}},
}
