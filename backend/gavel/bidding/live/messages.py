"""The messages of the lots' WebSocket, each as the JSON text sent (built once, sent to every socket).

Server to client:
  {"type": "ready", "serverTime"}
  {"type": "lot_event", "lotId", "eventId", "laneId", "sequence", "at", "kind", "payload"}
  {"type": "lane", "laneId", "state"}
  {"type": "resync_needed", "serverTime"}     (the feed may have missed events: resync every lot you show)
  {"type": "error", "message"}                (a message of the client's that was not understood)
  A frame is one of these, or a JSON array of lot events that were waiting for the socket (sockets.Frame).
Client to server: {"type": "auth", "token"}, {"type": "resync", "lots": {lotId: lastSequence}},
  {"type": "watch", "laneId": laneId | null}.
"""

from datetime import datetime
from typing import Any, Literal

from gavel.bidding.live.repository import StoredEvent
from gavel.bidding.schemas import UtcTime
from gavel.schemas import FROM_DATABASE, ApiModel


class LiveLotEvent(ApiModel):
    type: Literal["lot_event"] = "lot_event"
    lot_id: str
    event_id: str
    lane_id: str
    sequence: int
    at: UtcTime
    kind: str
    payload: dict[str, Any]


class Ready(ApiModel):
    type: Literal["ready"] = "ready"
    server_time: UtcTime


class ResyncNeeded(ApiModel):
    type: Literal["resync_needed"] = "resync_needed"
    server_time: UtcTime


class LaneWake(ApiModel):
    type: Literal["lane"] = "lane"
    lane_id: str
    state: str


class Error(ApiModel):
    type: Literal["error"] = "error"
    message: str


def lot_event(event: "StoredEvent") -> str:
    return LiveLotEvent.model_validate(
        {
            "lot_id": event.lot_id,
            "event_id": event.event_id,
            "lane_id": event.lane_id,
            "sequence": event.sequence,
            "at": event.at,
            "kind": event.kind,
            "payload": event.payload,
        },
        context=FROM_DATABASE,
    ).model_dump_json(by_alias=True)


def ready(now: datetime) -> str:
    return Ready(server_time=now).model_dump_json(by_alias=True)


def resync_needed(now: datetime) -> str:
    return ResyncNeeded(server_time=now).model_dump_json(by_alias=True)


def lane(lane_id: str, state: str) -> str:
    return LaneWake(lane_id=lane_id, state=state).model_dump_json(by_alias=True)


def error(message: str) -> str:
    return Error(message=message).model_dump_json(by_alias=True)
