"""Writes the wrk scripts of the read benchmarks (search.lua, seat.lua) into a folder: several
searches (routes and days) and the seat views of every trip of the first, in turn, so the figures
are not those of one request answered over and over.
Usage: python3 tests/load/read-scripts.py BASE_URL TOKEN FOLDER"""
import datetime, json, sys, urllib.request

base, token, work = sys.argv[1:4]


def post(path, body):
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
        headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(req))["data"]


def day(n):
    return str((datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(hours=6, days=n)).date())


pairs = [("Dhaka", "Chattogram"), ("Dhaka", "Sylhet"), ("Dhaka", "Cox's Bazar"), ("Dhaka", "Rajshahi"),
         ("Dhaka", "Khulna"), ("Chattogram", "Dhaka"), ("Dhaka", "Barishal"), ("Sylhet", "Dhaka")]
searches = [{"from": f, "to": t, "journeyDate": day(n)} for f, t in pairs for n in (1, 2)]
trips = post("/v1/api/intercity/get-schedule-trips", searches[0])["trips"]
views = [{"tripId": t["_id"], "from": "Dhaka", "to": "Chattogram"} for t in trips]


def script(name, path, bodies):
    lua = ["bodies = {"] + ["  %s," % json.dumps(json.dumps(b)) for b in bodies] + ["}", "i = 0",
        'wrk.headers["Content-Type"] = "application/json"',
        'wrk.headers["Authorization"] = "Bearer %s"' % token,
        "request = function()", "  i = i % #bodies + 1",
        '  return wrk.format("POST", "%s", nil, bodies[i])' % path, "end"]
    open(f"{work}/{name}.lua", "w").write("\n".join(lua) + "\n")


script("search", "/v1/api/intercity/get-schedule-trips", searches)
script("seat", "/v1/api/intercity/get-seat-view", views)
print(f"{len(searches)} searches, {len(views)} seat views (Dhaka-Chattogram, whole route) in turn")
