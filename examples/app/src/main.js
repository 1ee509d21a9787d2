import { AppDBClient } from '@domoinc/toolkit';

// The vendor's client, unchanged: these calls go to /domo/datastores/v1/collections/tasks/...
const tasks = new AppDBClient.DocumentsClient('tasks');
const list = document.getElementById('tasks');
const error = document.getElementById('error');

const show = (problem) => {
  error.textContent = problem ? String(problem.message ?? problem) : '';
};

async function refresh() {
  const { data } = await tasks.get({}, { orderby: ['createdOn'] });
  list.replaceChildren(
    ...data.map((task) => {
      const item = document.createElement('li');
      item.className = task.content.done === 'yes' ? 'done' : '';
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = task.content.done === 'yes';
      box.setAttribute('aria-label', `Done: ${task.content.title}`);
      box.onchange = () =>
        tasks
          .update({ id: task.id, content: { ...task.content, done: box.checked ? 'yes' : 'no' } })
          .then(refresh, show);
      const title = document.createElement('span');
      title.textContent = task.content.title;
      const remove = document.createElement('button');
      remove.textContent = 'Delete';
      remove.setAttribute('aria-label', `Delete ${task.content.title}`);
      remove.onclick = () => tasks.delete(task.id).then(refresh, show);
      item.append(box, title, remove);
      return item;
    }),
  );
}

document.getElementById('add').addEventListener('submit', (event) => {
  event.preventDefault();
  const field = event.target.elements.title;
  tasks.create({ title: field.value.trim(), done: 'no' }).then(() => {
    field.value = '';
    show();
    return refresh();
  }, show);
});

refresh().catch(show);
