from mobilegym_env import actions as A, evaluate

class TapTheIcon:
    """Goes Home, then taps the icon whose name the instruction gives."""
    wants_ui_tree = True

    def reset(self, instruction, info):
        self.words = instruction.replace(".", " ").split()   # "Launch Files." names Files

    def act(self, observation, info):
        icons = [n for n in info["ui_tree"] if n["role"] == "app_icon" and n["text"] in self.words]
        if info["step"] == 0 or not icons:
            return A.home()
        x0, y0, x1, y1 = icons[0]["bounds"]
        h, w = observation.shape[:2]
        return A.tap((x0 + x1) / 2 / w, (y0 + y1) / 2 / h)

if __name__ == "__main__":   # worker processes import this file: run the evaluation once
    result = evaluate(TapTheIcon(), tasks=["launcher.open_app"], episodes=4, k=[1, 3],
                      workers=2)
    print(result.summary["agents"]["TapTheIcon"]["overall"]["pass@3"])   # 1.0
    print(result.records[0]["steps"])                                     # 2
