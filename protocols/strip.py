#!/usr/bin/env python3
"""Copies a Wayland protocol XML keeping only the wire contract: interfaces, versions, requests, events,
arguments and enums. Descriptions, summaries and the copyright block are dropped (the project keeps the
contract, not the prose)."""
import sys
import xml.etree.ElementTree as ET

def strip(el):
    for child in list(el):
        if child.tag in ("description", "copyright"):
            el.remove(child)
        else:
            strip(child)
    el.attrib.pop("summary", None)
    el.text = None
    el.tail = None

src, dst = sys.argv[1], sys.argv[2]
tree = ET.parse(src)
root = tree.getroot()
strip(root)
ET.indent(tree, space="  ")
tree.write(dst, encoding="UTF-8", xml_declaration=True)
with open(dst, "a") as f:
    f.write("\n")
