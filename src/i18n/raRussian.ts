// Our own complete Russian translation of react-admin's ra-language-english messages.
// Kept key-for-key in sync with englishMessages (a unit test compares the key sets).
import type { TranslationMessages } from 'react-admin';

export const raRussianMessages: TranslationMessages = {
    ra: {
        action: {
            add_filter: 'Добавить фильтр',
            add: 'Добавить',
            back: 'Назад',
            bulk_actions:
                '%{smart_count} элемент выбран |||| %{smart_count} элемента выбрано |||| %{smart_count} элементов выбрано',
            cancel: 'Отмена',
            clear_array_input: 'Очистить список',
            clear_input_value: 'Очистить',
            clone: 'Дублировать',
            confirm: 'Подтвердить',
            create: 'Создать',
            create_item: 'Создать %{item}',
            delete: 'Удалить',
            edit: 'Редактировать',
            export: 'Экспорт',
            list: 'Список',
            refresh: 'Обновить',
            remove_filter: 'Убрать этот фильтр',
            remove_all_filters: 'Сбросить все фильтры',
            remove: 'Удалить',
            reset: 'Сбросить',
            save: 'Сохранить',
            search: 'Поиск',
            search_columns: 'Поиск столбцов',
            select_all: 'Выбрать все',
            select_all_button: 'Выбрать все',
            select_row: 'Выбрать эту строку',
            show: 'Просмотр',
            sort: 'Сортировка',
            undo: 'Отменить',
            unselect: 'Снять выделение',
            expand: 'Развернуть',
            close: 'Закрыть',
            open_menu: 'Открыть меню',
            close_menu: 'Закрыть меню',
            update: 'Обновить',
            move_up: 'Переместить вверх',
            move_down: 'Переместить вниз',
            open: 'Открыть',
            toggle_theme: 'Переключить светлую/тёмную тему',
            select_columns: 'Столбцы',
            update_application: 'Перезагрузить приложение',
        },
        boolean: {
            true: 'Да',
            false: 'Нет',
            null: ' ',
        },
        page: {
            create: 'Создание: %{name}',
            dashboard: 'Панель управления',
            edit: '%{name} %{recordRepresentation}',
            error: 'Что-то пошло не так',
            list: '%{name}',
            loading: 'Загрузка',
            not_found: 'Не найдено',
            show: '%{name} %{recordRepresentation}',
            empty: '%{name} пока нет.',
            invite: 'Хотите добавить?',
            access_denied: 'Доступ запрещён',
            authentication_error: 'Ошибка аутентификации',
        },
        input: {
            file: {
                upload_several:
                    'Перетащите файлы для загрузки или нажмите, чтобы выбрать.',
                upload_single:
                    'Перетащите файл для загрузки или нажмите, чтобы выбрать его.',
            },
            image: {
                upload_several:
                    'Перетащите изображения для загрузки или нажмите, чтобы выбрать.',
                upload_single:
                    'Перетащите изображение для загрузки или нажмите, чтобы выбрать его.',
            },
            references: {
                all_missing: 'Не удалось найти связанные данные.',
                many_missing:
                    'Как минимум одна из связанных записей больше недоступна.',
                single_missing: 'Связанная запись больше недоступна.',
            },
            password: {
                toggle_visible: 'Скрыть пароль',
                toggle_hidden: 'Показать пароль',
            },
        },
        message: {
            about: 'О программе',
            access_denied: 'У вас нет прав доступа к этой странице',
            are_you_sure: 'Вы уверены?',
            authentication_error:
                'Сервер аутентификации вернул ошибку, проверить ваши учётные данные не удалось.',
            auth_error:
                'Произошла ошибка при проверке токена аутентификации.',
            bulk_delete_content:
                'Вы уверены, что хотите удалить %{smart_count} %{name}? |||| Вы уверены, что хотите удалить %{smart_count} элемента? |||| Вы уверены, что хотите удалить %{smart_count} элементов?',
            bulk_delete_title:
                'Удалить %{smart_count} %{name} |||| Удалить %{smart_count} %{name} |||| Удалить %{smart_count} %{name}',
            bulk_update_content:
                'Вы уверены, что хотите обновить %{name} %{recordRepresentation}? |||| Вы уверены, что хотите обновить %{smart_count} элемента? |||| Вы уверены, что хотите обновить %{smart_count} элементов?',
            bulk_update_title:
                'Обновить %{name} %{recordRepresentation} |||| Обновить %{smart_count} %{name} |||| Обновить %{smart_count} %{name}',
            clear_array_input: 'Вы уверены, что хотите очистить весь список?',
            delete_content: 'Вы уверены, что хотите удалить %{name}?',
            delete_title: 'Удалить %{name} %{recordRepresentation}',
            details: 'Подробности',
            error: 'Произошла ошибка на стороне клиента, запрос не может быть выполнен.',
            invalid_form: 'Форма содержит ошибки. Пожалуйста, исправьте их',
            loading: 'Пожалуйста, подождите',
            no: 'Нет',
            not_found:
                'Вы ввели неверный URL-адрес или перешли по неправильной ссылке.',
            select_all_limit_reached:
                'Элементов слишком много, чтобы выбрать все. Выбрано первых элементов: %{max}.',
            unsaved_changes:
                'Некоторые изменения не сохранены. Вы уверены, что хотите их отменить?',
            yes: 'Да',
            placeholder_data_warning:
                'Проблема с сетью: не удалось обновить данные.',
        },
        navigation: {
            clear_filters: 'Сбросить фильтры',
            no_filtered_results: '%{name} по текущим фильтрам не найдено.',
            no_results: '%{name} не найдено',
            no_more_results:
                'Страница %{page} вне допустимого диапазона. Попробуйте предыдущую страницу.',
            page_out_of_boundaries: 'Страница %{page} вне допустимого диапазона',
            page_out_from_end: 'Нельзя перейти дальше последней страницы',
            page_out_from_begin: 'Нельзя перейти раньше первой страницы',
            page_range_info: '%{offsetBegin}-%{offsetEnd} из %{total}',
            partial_page_range_info:
                '%{offsetBegin}-%{offsetEnd} из более чем %{offsetEnd}',
            current_page: 'Страница %{page}',
            page: 'Перейти на страницу %{page}',
            first: 'Перейти на первую страницу',
            last: 'Перейти на последнюю страницу',
            next: 'Перейти на следующую страницу',
            previous: 'Перейти на предыдущую страницу',
            page_rows_per_page: 'Строк на странице:',
            skip_nav: 'Перейти к содержимому',
        },
        sort: {
            // The column's label as it is written: lowering its first letter made 'ID' 'iD' (#25).
            sort_by: 'Сортировка: %{field}, %{order}',
            ASC: 'по возрастанию',
            DESC: 'по убыванию',
        },
        auth: {
            auth_check_error: 'Войдите, чтобы продолжить',
            user_menu: 'Профиль',
            username: 'Имя пользователя',
            password: 'Пароль',
            email: 'Электронная почта',
            sign_in: 'Войти',
            sign_in_error: 'Ошибка аутентификации, попробуйте ещё раз',
            logout: 'Выйти',
        },
        notification: {
            updated:
                '%{smart_count} элемент обновлён |||| %{smart_count} элемента обновлено |||| %{smart_count} элементов обновлено',
            created: 'Элемент создан',
            deleted:
                '%{smart_count} элемент удалён |||| %{smart_count} элемента удалено |||| %{smart_count} элементов удалено',
            bad_item: 'Некорректный элемент',
            item_doesnt_exist: 'Элемент не существует',
            http_error: 'Ошибка связи с сервером',
            data_provider_error:
                'Ошибка dataProvider. Подробности смотрите в консоли.',
            i18n_error: 'Не удалось загрузить переводы для выбранного языка',
            canceled: 'Действие отменено',
            logged_out: 'Сеанс завершён, войдите снова.',
            not_authorized: 'У вас нет доступа к этому ресурсу.',
            application_update_available: 'Доступна новая версия.',
            offline: 'Нет подключения к сети. Не удалось загрузить данные.',
        },
        validation: {
            required: 'Обязательное поле',
            minLength: 'Минимум символов: %{min}',
            maxLength: 'Максимум символов: %{max}',
            minValue: 'Должно быть не меньше %{min}',
            maxValue: 'Должно быть не больше %{max}',
            number: 'Должно быть числом',
            email: 'Некорректный адрес электронной почты',
            oneOf: 'Допустимые значения: %{options}',
            regex: 'Должно соответствовать формату (regexp): %{pattern}',
            unique: 'Значение должно быть уникальным',
        },
        saved_queries: {
            label: 'Сохранённые запросы',
            query_name: 'Название запроса',
            new_label: 'Сохранить текущий запрос...',
            new_dialog_title: 'Сохранить текущий запрос как',
            remove_label: 'Удалить сохранённый запрос',
            remove_label_with_name: 'Удалить запрос «%{name}»',
            remove_dialog_title: 'Удалить сохранённый запрос?',
            remove_message:
                'Вы уверены, что хотите удалить этот запрос из списка сохранённых?',
            help: 'Отфильтруйте список и сохраните этот запрос на будущее',
        },
        guesser: {
            empty: {
                title: 'Нет данных для отображения',
                message: 'Проверьте ваш провайдер данных',
            },
        },
        configurable: {
            customize: 'Настроить',
            configureMode: 'Настроить эту страницу',
            inspector: {
                title: 'Инспектор',
                content:
                    'Наведите курсор на элементы интерфейса, чтобы настроить их',
                reset: 'Сбросить настройки',
                hideAll: 'Скрыть все',
                showAll: 'Показать все',
            },
            Datagrid: {
                title: 'Таблица',
                unlabeled: 'Столбец без названия №%{column}',
            },
            SimpleForm: {
                title: 'Форма',
                unlabeled: 'Поле без названия №%{input}',
            },
            SimpleList: {
                title: 'Список',
                primaryText: 'Основной текст',
                secondaryText: 'Дополнительный текст',
                tertiaryText: 'Вспомогательный текст',
            },
        },
    },
};
