import mobilegym_env
from mobilegym_env.llm import LLMAgent

def model(system, prompt):   # stands in for a real model: looks for the goal's app icon
    goal = prompt.splitlines()[0].split()[2:]   # "Goal: Open the Files app." after its verb
    app = next(word.strip(".") for word in goal if word[0].isupper())
    line = next((x for x in prompt.splitlines() if f'app_icon "{app}"' in x), None)
    if line is None:
        return f'{{"action_type": "open_app", "app_name": "{app}"}}'
    return f'I see it. {{"action_type": "click", "index": {line[1:line.index("]")]}}}'

result = mobilegym_env.evaluate(LLMAgent(model), tasks="launcher.open_app", episodes=5)
print(result.summary["agents"]["llm"]["overall"]["success_rate"])   # 1.0
