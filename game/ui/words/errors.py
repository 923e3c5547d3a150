"""Every error a player can meet, in their language: what happened and what to do, in one sentence.

The program's own messages (and the operating system's) are English lines meant for the log and the
command line: ``settings.json.ld9qeoju.tmp: [Errno 30] Read-only file system`` or ``match.jsonl: event
49: refused: 5m is not in seat 3's hand``. The window never shows them as they are. A screen that
meets an error turns it into a :class:`PlayerError` with :func:`player_error`, naming what the player
was doing (an *action*: saving the settings, importing a replay …); :func:`classify` finds the
*cause* (a read-only disk, a damaged file, a replay that breaks the rules …) from the exception's
``errno`` or from the message's words. The sentence is the action's words, the cause's and the
cause's advice (an action may give a better advice for a cause), in Chinese or English; the raw text
stays in :attr:`PlayerError.details`, for the log and the error dialog's "Details" fold.

Only numbers (an event or line number) are put into a sentence, never a path or a message, so no
English reaches a Chinese sentence. No pygame here.
"""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from game.glossary import Lang

ACTIONS: Final[Mapping[str, tuple[str, str]]] = {
    "settings_save": ("设置没有保存", "Your settings were not saved"),
    "settings_read": (
        "设置文件读不出来，已改用默认设置",
        "The settings file could not be read, so the defaults are used",
    ),
    "progress_save": ("学习进度没有保存", "Your lesson progress was not saved"),
    "progress_read": (
        "学习进度读不出来，已重新开始记录",
        "Your lesson progress could not be read, so it starts afresh",
    ),
    "match_save": ("对局无法保存", "Matches cannot be saved"),
    "continue": ("上次的对局无法继续", "The saved match cannot be continued"),
    "replay_open": ("这个回放打不开", "This replay cannot be opened"),
    "replay_folder": ("回放文件夹读不出来", "The replay folder cannot be read"),
    "replay_broken": ("这个回放不能用", "This replay cannot be used"),
    "import": ("回放没有导入", "Nothing was imported"),
    "export": ("回放没有导出", "The replay was not exported"),
    "rename": ("回放没有改名", "The replay was not renamed"),
    "delete": ("回放没有删除", "The replay was not deleted"),
    "share": ("无法生成分享码", "No share code could be made"),
    "whatif": ("推演没有完成", "The what-if did not work"),
    "review": ("复盘没有完成", "The review did not work"),
    "stats": ("统计读不出来", "The statistics cannot be read"),
    "folder_open": ("文件夹没有打开", "The folder did not open"),
    "lesson_broken": ("这一课无法使用", "This lesson cannot be used"),
    "game_files": ("游戏自带的文件读不出来", "A file that comes with the game cannot be read"),
}
"""What the player was doing: action -> (zh, en), each a sentence's start."""

CAUSES: Final[Mapping[str, tuple[str, str, str, str]]] = {
    "read_only": (
        "磁盘或文件夹是只读的",
        "the disk or folder is read-only",
        "请换一个可以写入的位置，例如把游戏放在自己的文件夹里再启动",
        "Play from a place you can write to, for example a folder of your own",
    ),
    "no_permission": (
        "没有读写这里的权限",
        "you have no permission to read or write there",
        "请检查这个文件夹的权限，或换一个文件夹",
        "Check the folder's permissions, or use another folder",
    ),
    "disk_full": (
        "磁盘已满",
        "the disk is full",
        "请腾出一些空间后再试",
        "Free some space and try again",
    ),
    "io": (
        "读写磁盘时出错",
        "the disk could not be read or written",
        "请检查磁盘或存储设备后再试",
        "Check the disk or storage device and try again",
    ),
    "missing": (
        "找不到这个文件",
        "the file cannot be found",
        "请检查路径是否写对了",
        "Check that the path is right",
    ),
    "no_folder": (
        "这个文件夹不存在",
        "that folder does not exist",
        "请换一个已有的文件夹",
        "Choose a folder that exists",
    ),
    "not_a_folder": (
        "路径上有一个文件占了文件夹的位置",
        "a file stands where a folder should be on the way there",
        "请把那个文件移开，或换一个文件夹",
        "Move that file away, or use another folder",
    ),
    "not_regular": (
        "这不是一个普通文件（是文件夹、管道或设备）",
        "it is not a regular file (it is a folder, a pipe or a device)",
        "请选择一个回放文件",
        "Choose a replay file",
    ),
    "too_big": (
        "文件太大了",
        "the file is far too big for one of its kind",
        "请确认选对了文件",
        "Check that this is the right file",
    ),
    "not_text": (
        "文件不是文本，可能已损坏",
        "the file is not text; it may be damaged",
        "请确认选对了文件",
        "Check that this is the right file",
    ),
    "damaged": (
        "文件已损坏，内容读不懂",
        "the file is damaged and cannot be understood",
        "请换一个完好的文件",
        "Use a copy that is not damaged",
    ),
    "empty": (
        "文件是空的",
        "the file is empty",
        "请换一个完整的文件",
        "Use a complete file",
    ),
    "bad_values": (
        "里面有些值游戏用不了",
        "some of its values cannot be used",
        "那些项已改回默认值，可以在设置里重新选",
        "Those were set back to their defaults; choose them again in Settings",
    ),
    "not_ours": (
        "这不是哈尔滨麻将的回放文件",
        "it is not a Harbin Mahjong replay",
        "请选择游戏保存的回放文件",
        "Choose a replay file the game saved",
    ),
    "newer": (
        "它来自更新版本的游戏",
        "it comes from a newer version of the game",
        "请更新游戏后再打开",
        "Update the game to open it",
    ),
    "broken_rules": (
        "它在第{event}步不符合规则，文件可能被改动过",
        "it breaks the rules at event {event}; the file may have been changed",
        "这个文件无法使用，请换一个完好的回放",
        "This file cannot be used; use a copy that is not damaged",
    ),
    "bad_header": (
        "文件开头记录的信息和里面的对局对不上",
        "its first line does not match the match it holds",
        "这个文件可能被改动过，请换一个完好的回放",
        "The file may have been changed; use a copy that is not damaged",
    ),
    "code_damaged": (
        "分享码已损坏或不完整",
        "the share code is damaged or incomplete",
        "请把整个分享码重新复制一遍",
        "Copy the whole code again",
    ),
    "code_breaks_rules": (
        "分享码里的对局在第{event}步不符合规则",
        "the match in the share code breaks the rules at event {event}",
        "请向分享的人要一个新的分享码",
        "Ask for a new code",
    ),
    "code_newer": (
        "分享码来自更新版本的游戏",
        "the share code comes from a newer version of the game",
        "请更新游戏后再导入",
        "Update the game to import it",
    ),
    "code_too_long": (
        "分享码太长了",
        "the share code is far too long",
        "请只粘贴分享码本身",
        "Paste only the code itself",
    ),
    "not_code": (
        "这既不是分享码，也不是回放文件",
        "this is neither a share code nor a replay file",
        "请粘贴以 HM1. 开头的分享码，或写一个回放文件的路径",
        "Paste a code that starts with HM1., or type the path of a replay file",
    ),
    "name_empty": ("没有写名称", "there is no name", "请写一个名称", "Type a name"),
    "name_bad": (
        "名称里有文件名不能用的字符",
        "the name has characters a file name cannot have",
        '请不要用 / \\ : * ? " < > | ，也不要以点开头或结尾',
        'Leave out / \\ : * ? " < > | and a dot at either end',
    ),
    "name_long": ("名称太长了", "the name is too long", "请写一个短一些的名称", "Type a shorter name"),
    "name_reserved": (
        "这个名称是系统保留的",
        "the system keeps that name for itself",
        "请换一个名称",
        "Choose another name",
    ),
    "name_taken": (
        "已经有同名的回放",
        "a replay with that name exists already",
        "请换一个名称",
        "Choose another name",
    ),
    "exists": (
        "那里已经有同名的文件",
        "a file of that name is there already",
        "请换一个文件名，或确认替换它",
        "Choose another name, or confirm replacing it",
    ),
    "not_decision": (
        "这里不是这一家可以做决定的地方",
        "this is not a decision of the seat shown",
        "请在这一家要出牌或叫牌的时候再试",
        "Try again where that seat discards or calls",
    ),
    "refused": (
        "这一步在这里不合规则",
        "that move is not allowed there",
        "请换一步试试",
        "Try another move",
    ),
    "no_opener": (
        "系统没有可以打开文件夹的程序",
        "the system has no program to open folders with",
        "请自己在文件管理器里打开它",
        "Open it yourself in a file manager",
    ),
    "other": (
        "出了一个意外的问题",
        "something unexpected went wrong",
        "详细信息已写入日志文件，报告问题时请附上它",
        "The details are in the log file; please attach it when you report the problem",
    ),
}
"""Why it happened: cause -> (zh what, en what, zh what to do, en what to do)."""

ADVICE: Final[Mapping[tuple[str, str], tuple[str, str]]] = {
    ("settings_read", "not_text"): (
        "原文件已另存一份，可以在设置里重新选择",
        "The old file was kept aside; choose your settings again in Settings",
    ),
    ("settings_read", "damaged"): (
        "原文件已另存一份，可以在设置里重新选择",
        "The old file was kept aside; choose your settings again in Settings",
    ),
    ("settings_read", "too_big"): (
        "原文件已另存一份，可以在设置里重新选择",
        "The old file was kept aside; choose your settings again in Settings",
    ),
    ("progress_read", "not_text"): ("原文件已另存一份", "The old file was kept aside"),
    ("progress_read", "damaged"): ("原文件已另存一份", "The old file was kept aside"),
    ("progress_read", "bad_values"): ("其余的进度都保留了", "The rest of your progress is kept"),
    ("continue", "broken_rules"): (
        "开始新游戏时，这个文件会作为未完成的回放保留",
        "New game keeps the file as an unfinished replay",
    ),
    ("continue", "bad_header"): (
        "开始新游戏时，这个文件会作为未完成的回放保留",
        "New game keeps the file as an unfinished replay",
    ),
    ("continue", "damaged"): (
        "开始新游戏时，这个文件会作为未完成的回放保留",
        "New game keeps the file as an unfinished replay",
    ),
    ("match_save", "read_only"): (
        "可以照常游戏，但对局不会保存",
        "You can play, but matches will not be saved",
    ),
    ("match_save", "no_permission"): (
        "可以照常游戏，但对局不会保存",
        "You can play, but matches will not be saved",
    ),
    ("match_save", "not_a_folder"): (
        "可以照常游戏，但对局不会保存；把那个文件移开后才会保存",
        "You can play, but matches are not saved until that file is moved away",
    ),
    ("match_save", "disk_full"): (
        "可以照常游戏，但这一局后面的牌不会保存；之前保存的部分仍可以继续",
        "You can play on, but the rest of this match is not saved; what was saved can still be continued",
    ),
    ("lesson_broken", "damaged"): (
        "请重新安装游戏，其他课程不受影响",
        "Reinstall the game; the other lessons still work",
    ),
    ("lesson_broken", "other"): (
        "请重新安装游戏，其他课程不受影响",
        "Reinstall the game; the other lessons still work",
    ),
    ("game_files", "missing"): ("请重新安装游戏", "Reinstall the game"),
    ("game_files", "damaged"): ("请重新安装游戏", "Reinstall the game"),
    ("game_files", "other"): ("请重新安装游戏", "Reinstall the game"),
}
"""A better advice for a cause when the player was doing a particular thing."""

_WORDS: Final[tuple[tuple[str, str], ...]] = (
    # the program's own messages, most specific first
    ("share code is too long", "code_too_long"),
    ("not a harbin mahjong share code", "not_code"),
    ("share code is from a newer version", "code_newer"),
    ("share code's replay does not verify", "code_breaks_rules"),
    ("share code", "code_damaged"),
    ("needs a name", "name_empty"),
    ("the name is too long", "name_long"),
    ("may not contain", "name_bad"),
    ("may not start or end with a dot", "name_bad"),
    ("reserved by the system", "name_reserved"),
    ("a replay with that name already exists", "name_taken"),
    ("the file already exists", "exists"),
    ("the folder does not exist", "no_folder"),
    ("no such folder", "no_folder"),
    ("could not start", "no_opener"),
    ("is not in the replay", "not_decision"),
    ("is not a decision", "not_decision"),
    ("is refused", "refused"),
    ("a folder on its path is a file", "not_a_folder"),
    ("no such file", "missing"),
    ("no such replay", "missing"),
    ("not a replay file", "not_regular"),
    ("not a save file", "not_regular"),
    ("not a settings file", "not_regular"),
    ("not a progress file", "not_regular"),
    ("not a lesson file", "not_regular"),
    ("too big for a", "too_big"),
    ("not utf-8 text", "not_text"),
    ("written by a newer version", "newer"),
    ("not a harbin-mahjong-log file", "not_ours"),
    ("does not start with match_started", "not_ours"),
    ("the file is empty", "empty"),
    ("no hand of the match was dealt", "empty"),
    ("the header's", "bad_header"),
    ("the header says", "bad_header"),
    ("the header names", "bad_header"),
    ("does not verify", "broken_rules"),
    ("refused:", "broken_rules"),
    ("expected {", "broken_rules"),
    ("match_ended before", "broken_rules"),
    ("is not something a seat decides", "broken_rules"),
    ("a hand starts before", "broken_rules"),
    ("the next dealer should be", "broken_rules"),
    ("the first hand must be dealt", "broken_rules"),
    ("not valid json", "damaged"),
    ("not valid toml", "damaged"),
    ("nested too deeply", "damaged"),
    ("too many digits", "damaged"),
    ("the header is", "damaged"),
    ("unsupported log format version", "damaged"),
    ("holds a json", "damaged"),
    ("must be", "bad_values"),
    ("left out", "bad_values"),
    ("not a directory", "not_a_folder"),
)
"""Pieces of the program's own English messages and the cause each one reports."""

_OS_CAUSES: Final[Mapping[int, str]] = {
    errno.EROFS: "read_only",
    errno.EACCES: "no_permission",
    errno.EPERM: "no_permission",
    errno.ENOSPC: "disk_full",
    getattr(errno, "EDQUOT", errno.ENOSPC): "disk_full",
    errno.EIO: "io",
    errno.ENOENT: "missing",
    errno.ENOTDIR: "not_a_folder",
    errno.EISDIR: "not_regular",
    errno.ENAMETOOLONG: "name_long",
}
"""What an operating-system error number means to a player."""

_ERRNO: Final = re.compile(r"\[Errno (\d+)\]")
_EVENT: Final = re.compile(r"\bevent (\d+)\b")
_LINE: Final = re.compile(r"\bline (\d+)\b")


@dataclass(frozen=True)
class PlayerError:
    """An error as the player reads it: what they were doing, why it failed, and the raw text."""

    action: str
    cause: str
    details: str = ""
    """The program's own message (for the log and the dialog's "Details" fold)."""
    numbers: Mapping[str, int] = field(default_factory=dict)
    """Numbers the sentence may name (``event``, ``line``)."""

    def what(self, lang: Lang) -> str:
        """What happened: the action's words and the cause's."""
        zh, en = ACTIONS[self.action]
        cause = CAUSES[self.cause]
        fields = {"event": self.numbers.get("event", "?"), "line": self.numbers.get("line", "?")}
        if lang == "zh":
            return f"{zh}：{cause[0].format(**fields)}。"
        return f"{en}: {cause[1].format(**fields)}."

    def advice(self, lang: Lang) -> str:
        """What the player can do about it."""
        cause = CAUSES[self.cause]
        zh, en = ADVICE.get((self.action, self.cause), (cause[2], cause[3]))
        return f"{zh}。" if lang == "zh" else f"{en}."

    def text(self, lang: Lang) -> str:
        """The whole sentence: what happened, then what to do."""
        joint = "" if lang == "zh" else " "
        return self.what(lang) + joint + self.advice(lang)


def classify(error: BaseException | str) -> tuple[str, dict[str, int]]:
    """The cause of an error (a :data:`CAUSES` key) and the numbers its message names."""
    message = str(error)
    found_numbers = (("event", _EVENT.search(message)), ("line", _LINE.search(message)))
    numbers = {k: int(m.group(1)) for k, m in found_numbers if m}
    code = getattr(error, "errno", None)
    if isinstance(code, int) and code in _OS_CAUSES:
        return _OS_CAUSES[code], numbers
    low = message.lower()
    found = _ERRNO.search(message)
    if found and int(found.group(1)) in _OS_CAUSES:
        return _OS_CAUSES[int(found.group(1))], numbers
    for piece, cause in _WORDS:
        if piece in low:
            if cause == "broken_rules" and "event" not in numbers and "line" in numbers:
                numbers["event"] = numbers["line"] - 2  # a save names the file's line: line 2 is event 0
            return cause, numbers
    for (
        number,
        cause,
    ) in _OS_CAUSES.items():  # an OS error quoted in one of our lines: "(Read-only file system)"
        if os.strerror(number).lower() in low:
            return cause, numbers
    return "other", numbers


def player_error(action: str, error: BaseException | str) -> PlayerError:
    """The player's error for what went wrong while doing ``action`` (a :data:`ACTIONS` key)."""
    if action not in ACTIONS:
        raise KeyError(f"unknown action {action!r}")
    cause, numbers = classify(error)
    return PlayerError(action, cause, str(error), numbers)


_READ_REPLAY: Final = (
    "missing not_regular too_big not_text damaged empty not_ours newer broken_rules bad_header"
)
_CODE: Final = "code_damaged code_breaks_rules code_newer code_too_long not_code"
_WRITE: Final = "read_only no_permission disk_full not_a_folder"
WINDOW_ERRORS: Final[Mapping[str, tuple[str, ...]]] = {
    action: tuple(causes.split())
    for action, causes in {
        "settings_save": f"{_WRITE} io missing not_regular other",
        "settings_read": "not_text damaged too_big not_regular bad_values no_permission other",
        "progress_save": f"{_WRITE} io other",
        "progress_read": "not_text damaged too_big not_regular bad_values other",
        "match_save": f"{_WRITE} io missing other",
        "continue": f"{_READ_REPLAY} no_permission io other",
        "replay_open": f"{_READ_REPLAY} no_permission io other",
        "replay_folder": "no_permission io missing other",
        "replay_broken": f"{_READ_REPLAY} no_permission other",
        "import": f"{_READ_REPLAY} {_CODE} name_long {_WRITE} other",
        "export": f"missing no_folder exists not_regular {_WRITE} other",
        "rename": f"name_empty name_bad name_long name_reserved name_taken missing {_WRITE} other",
        "delete": "missing read_only no_permission other",
        "share": "missing damaged broken_rules bad_header other",
        "whatif": f"not_decision refused broken_rules name_long {_WRITE} other",
        "review": "broken_rules other",
        "stats": "no_permission io other",
        "folder_open": "no_folder no_opener no_permission other",
        "lesson_broken": "damaged not_text too_big missing other",
        "game_files": "missing damaged not_text other",
    }.items()
}
"""Every error the window can show: for each action, the causes its screen can meet (the test of the
player's words walks them all, in both languages)."""


__all__ = ["ACTIONS", "ADVICE", "CAUSES", "WINDOW_ERRORS", "PlayerError", "classify", "player_error"]
