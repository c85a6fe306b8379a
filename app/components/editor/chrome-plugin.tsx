/**
 * Controls drawn inside the editor by its blocks (a gallery's buttons and fields, an image's Edit
 * button) carry the class `editor-chrome`: keys, clicks, drags and clipboard events there belong to
 * those controls, not to Lexical's text editing (docs/behaviour.md §galleries).
 */
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import {
  CLICK_COMMAND,
  COMMAND_PRIORITY_CRITICAL,
  COPY_COMMAND,
  CUT_COMMAND,
  DRAGOVER_COMMAND,
  DRAGSTART_COMMAND,
  DROP_COMMAND,
  KEY_DOWN_COMMAND,
  type LexicalCommand,
  mergeRegister,
  PASTE_COMMAND,
} from "lexical";
import { useEffect } from "react";

const inChrome = (event: Event | null) =>
  event?.target instanceof Element && event.target.closest(".editor-chrome") !== null;

// Each command's payload is the DOM event (or null); only its target is read.
const COMMANDS = [
  CLICK_COMMAND,
  COPY_COMMAND,
  CUT_COMMAND,
  PASTE_COMMAND,
  DRAGOVER_COMMAND,
  DRAGSTART_COMMAND,
  DROP_COMMAND,
  KEY_DOWN_COMMAND,
] as unknown as LexicalCommand<Event | null>[];

export function EditorChromePlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      mergeRegister(
        ...COMMANDS.map((command) =>
          editor.registerCommand(command, inChrome, COMMAND_PRIORITY_CRITICAL),
        ),
      ),
    [editor],
  );
  return null;
}
